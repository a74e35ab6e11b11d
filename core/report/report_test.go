package report

import (
	"slices"
	"strings"
	"testing"
	"time"

	"parcelportal/core/failure"
	"parcelportal/core/parcel"
)

var now = time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)

func TestParseEmptyIsTheDefaultSearch(t *testing.T) {
	for _, text := range []string{"", "{}", ` {"searchCriteria": {}} `} {
		s, err := Parse(text, now)
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		if s.Size != DefaultSize || s.Page != 0 || s.SortField != SortSubmittedAt || !s.Descending {
			t.Errorf("%q: %+v", text, s)
		}
		if !s.Criteria.ToDate.Equal(now) || !s.Criteria.FromDate.Equal(now.AddDate(0, 0, -7)) {
			t.Errorf("%q: range %v..%v, want the last 7 days", text, s.Criteria.FromDate, s.Criteria.ToDate)
		}
	}
}

func TestParseReadsEveryCriterion(t *testing.T) {
	text := `{"searchCriteria":{"customerIds":[3,4],"products":["P1"],"services":["S1"],"additionalServices":["A"],
	"formats":["E"],"countries":["AT"],"trackingNumbers":["T1"],"orderNumbers":["O1"],"status":["SENT","ERROR"],
	"fromDate":"2026-11-01","toDate":"2026-11-20","recipientName":" Anna ","postalCode":"1010","city":"Wien",
	"fromBookmark":true,"parcelUuid":"0e8a6b9c-1d2e-4f50-8a6b-9c1d2e4f508a","labelTypes":["Zebra"],
	"invoiceNumbers":["INV-1"],"apiClients":["A1"]},"page":2,"size":25,"sortField":"city","sortOrder":"asc"}`
	s, err := Parse(text, now)
	if err != nil {
		t.Fatal(err)
	}
	c := s.Criteria
	if s.Page != 2 || s.Size != 25 || s.SortField != "city" || s.Descending {
		t.Errorf("paging %+v", s)
	}
	if len(c.CustomerIDs) != 2 || c.Products[0] != "P1" || c.Services[0] != "S1" || c.AdditionalServices[0] != "A" ||
		c.Formats[0] != "E" || c.Countries[0] != "AT" || c.TrackingNumbers[0] != "T1" || c.OrderNumbers[0] != "O1" ||
		len(c.Status) != 2 || c.RecipientName != "Anna" || c.PostalCode != "1010" || c.City != "Wien" || !c.FromBookmark ||
		c.ParcelUUID == "" || c.LabelTypes[0] != "Zebra" || c.InvoiceNumbers[0] != "INV-1" || c.APIClients[0] != "A1" {
		t.Errorf("criteria %+v", c)
	}
	if !c.FromDate.Equal(time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)) || !c.ToDate.Equal(time.Date(2026, 11, 21, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("range %v..%v: the end date covers its whole day", c.FromDate, c.ToDate)
	}
}

func TestParseRefusesWithOneKey(t *testing.T) {
	long := strings.Repeat("x", MaxTextLength+1)
	many := `"` + strings.Repeat(`a","`, MaxListItems) + `a"`
	cases := map[string]string{
		"not json":             `{"page":`,
		"trailing":             `{} {}`,
		"unknown field":        `{"pageSize":10}`,
		"unknown criterion":    `{"searchCriteria":{"drop":"table"}}`,
		"size too small":       `{"size":9}`,
		"size too large":       `{"size":1001}`,
		"negative page":        `{"page":-1}`,
		"too deep":             `{"page":100,"size":1000}`,
		"sort field":           `{"sortField":"s.id; drop table shipment"}`,
		"sort order":           `{"sortOrder":"sideways"}`,
		"bad date":             `{"searchCriteria":{"fromDate":"25.11.2026"}}`,
		"from after to":        `{"searchCriteria":{"fromDate":"2026-11-10","toDate":"2026-11-01"}}`,
		"from in the future":   `{"searchCriteria":{"fromDate":"2027-01-01"}}`,
		"range over a year":    `{"searchCriteria":{"fromDate":"2025-01-01","toDate":"2026-11-01"}}`,
		"unknown status":       `{"searchCriteria":{"status":["LOST"]}}`,
		"unknown label type":   `{"searchCriteria":{"labelTypes":["PNG"]}}`,
		"unknown api client":   `{"searchCriteria":{"apiClients":["X"]}}`,
		"bad uuid":             `{"searchCriteria":{"parcelUuid":"not-a-uuid"}}`,
		"customer id zero":     `{"searchCriteria":{"customerIds":[0]}}`,
		"customer id type":     `{"searchCriteria":{"customerIds":["1"]}}`,
		"empty list item":      `{"searchCriteria":{"trackingNumbers":[" "]}}`,
		"long list item":       `{"searchCriteria":{"orderNumbers":["` + long + `"]}}`,
		"long text":            `{"searchCriteria":{"city":"` + long + `"}}`,
		"too many list items":  `{"searchCriteria":{"trackingNumbers":[` + many + `]}}`,
		"too large":            `{"sortField":"` + strings.Repeat("x", MaxFilterBytes) + `"}`,
		"invalid utf-8":        "{\"searchCriteria\":{\"city\":\"\xff\"}}",
		"status not a list":    `{"searchCriteria":{"status":"SENT"}}`,
		"size as text":         `{"size":"100"}`,
		"dates as numbers":     `{"searchCriteria":{"fromDate":20261101}}`,
		"json null page":       `{"page":null,"size":5}`,
		"array at top":         `[]`,
		"fromDate RFC3339 bad": `{"searchCriteria":{"fromDate":"2026-11-01T25:00:00Z"}}`,
	}
	for name, text := range cases {
		_, err := Parse(text, now)
		f, ok := failure.As(err)
		if !ok || f.Key != KeyReduceSearchCriteria || f.Kind != failure.Invalid {
			t.Errorf("%s: %v, want %s", name, err, KeyReduceSearchCriteria)
		}
	}
}

func TestLargestPageIsAccepted(t *testing.T) {
	s, err := Parse(`{"size":1000,"page":99}`, now)
	if err != nil || s.Size != MaxSize {
		t.Fatalf("%+v %v", s, err)
	}
}

func TestStatusOf(t *testing.T) {
	cases := []struct {
		state   string
		success bool
		batch   string
		want    Status
	}{
		{"PENDING", false, "SENDING", Sending},
		{"SUBMITTING", false, "", Sending},
		{"FAILED", false, "SENT", Error},
		{"DONE", false, "SENT", Error},
		{"DONE", true, "", Sent},
		{"DONE", true, "SENT", Sent},
		{"DONE", true, "RESENDING", Sent},
		{"DONE", true, "CREATING_MANIFEST", CreatingManifest},
		{"DONE", true, "MANIFEST_CREATED", ManifestCreated},
		{"DONE", true, "ERROR_MANIFEST", Error},
		{"FAILED", false, "MANIFEST_CREATED", Error},
	}
	for _, c := range cases {
		if got := StatusOf(c.state, c.success, c.batch); got != c.want {
			t.Errorf("%s/%v/%q: %s, want %s", c.state, c.success, c.batch, got, c.want)
		}
	}
}

func TestAdminOnlyCriteriaAndColumns(t *testing.T) {
	c := Criteria{ParcelUUID: "x", APIClients: []string{"A1"}}
	c.AdminOnly(true)
	if c.ParcelUUID == "" || len(c.APIClients) != 1 {
		t.Error("an admin keeps the admin criteria")
	}
	c.AdminOnly(false)
	if c.ParcelUUID != "" || c.APIClients != nil {
		t.Error("other callers lose them")
	}
	r := Row{ParcelUUID: "u", APIClient: "A1", Source: "API_PARCEL", City: "Wien"}.ForCaller(false)
	if r.ParcelUUID != "" || r.APIClient != "" || r.Source != "" || r.City != "Wien" {
		t.Errorf("%+v", r)
	}
}

func TestInvoiceable(t *testing.T) {
	if !(Row{Status: ManifestCreated, Service: "STD"}).Invoiceable() {
		t.Error("a manifested shipment is invoiceable")
	}
	if (Row{Status: Sent}).Invoiceable() || (Row{Status: ManifestCreated, Service: "RETURN"}).Invoiceable() {
		t.Error("unmanifested rows and returns are not")
	}
}

// The aggregator client is AGGREGATOR in a search and SHIPPYPRO on the
// shipments it sent (core/parcel): a search for it finds them.
func TestStoredAPIClientsNameTheAggregatorAsShipmentsStoreIt(t *testing.T) {
	got := StoredAPIClients([]string{"SHIPPING", APIClientAggregator, "A1"})
	if !slices.Equal(got, []string{"SHIPPING", parcel.AggregatorAPIClient, "A1"}) {
		t.Errorf("stored clients = %v", got)
	}
}
