package rpc_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"parcelportal/adapters/memory"
	"parcelportal/adapters/rpc"
	"parcelportal/app/dashboards"
	"parcelportal/core/access"
	"parcelportal/core/customer"
	"parcelportal/core/tracking"
)

// dashboardAPI serves the dashboard over trackingWorld's two customers, a
// bakery (2 parcels to NL, 1 to AT, a failed one to FR) and a bookshop (5
// to US), and answers their ids.
func dashboardAPI(t *testing.T) (api http.Handler, bakery, books int64) {
	t.Helper()
	svc, _, bakery, books := trackingWorld(t)
	counts := &memory.DashboardCounts{}
	day := time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)
	counts.Ship(bakery, "NL", day, "DONE")
	counts.Ship(bakery, "NL", day.AddDate(0, 0, 5), "DONE")
	counts.Ship(bakery, "AT", day, "DONE")
	counts.Ship(bakery, "FR", day, "FAILED")
	for range 5 {
		counts.Ship(books, "US", day, "DONE")
	}
	api = newAPI(t, rpc.Handlers{
		Dashboard: rpc.DashboardHandler{Dashboard: dashboards.Service{Counts: counts, Tracking: svc}},
		Callers: trackingCallers{
			"bakery":      {Login: "user", Roles: []access.Role{access.User}, CustomerID: bakery},
			"tracker":     {Login: "tracking", Roles: []access.Role{access.TrackingOnly}, CustomerID: bakery},
			"books":       {Login: "books", Roles: []access.Role{access.User}, CustomerID: books},
			"fulfillment": {Login: "fulfillment", Roles: []access.Role{access.User}, FulfillmentID: 1, FulfillmentCustomers: []int64{bakery, books}},
			"service":     {Login: "service", Roles: []access.Role{access.CustomerService}},
			"api":         {Login: "api", Roles: []access.Role{access.API}, CustomerID: bakery},
			"none":        {Login: "none", CustomerID: bakery},
		},
	})
	return api, bakery, books
}

type countryCount struct {
	IsoCountry  string `json:"isoCountry"`
	ParcelCount int    `json:"parcelCount"`
}

func TestDashboardCountsOverRESTAndConnectAreScoped(t *testing.T) {
	api, bakery, books := dashboardAPI(t)
	perCountry := func(who string, id int64) []countryCount {
		t.Helper()
		rec := call(t, api, who, "GET", fmt.Sprintf("/web/api/dashboard/parcels-per-country/%d", id), "")
		var got []countryCount
		if err := json.Unmarshal(rec.Body.Bytes(), &got); rec.Code != http.StatusOK || err != nil {
			t.Fatalf("%s per country of %d = %d %s", who, id, rec.Code, rec.Body)
		}
		return got
	}
	want := `[{NL 2} {AT 1}]`
	for _, who := range []string{"bakery", "tracker", "fulfillment", "service"} {
		if got := fmt.Sprint(perCountry(who, bakery)); got != want {
			t.Errorf("%s sees the bakery's %s", who, got)
		}
	}
	if got := fmt.Sprint(perCountry("books", books)); got != `[{US 5}]` {
		t.Errorf("books sees %s", got)
	}
	count := func(who, query string) (int, string) {
		t.Helper()
		rec := call(t, api, who, "GET", "/web/api/dashboard/parcels-in-country?"+query, "")
		var got struct{ Count int }
		_ = json.Unmarshal(rec.Body.Bytes(), &got)
		return got.Count, fmt.Sprint(rec.Code)
	}
	for _, c := range []struct {
		query string
		want  int
	}{
		{fmt.Sprintf("customerId=%d&countries=NL,AT", bakery), 3},
		{fmt.Sprintf("customerId=%d&countries=nl&from=2026-03-11", bakery), 1},
		{fmt.Sprintf("customerId=%d&countries=NL,AT&from=2026-03-01T00:00:00.000Z&to=2026-03-10T23:59:59.000Z", bakery), 2},
		{fmt.Sprintf("customerId=%d&countries=US,FR", bakery), 0},
	} {
		if got, code := count("fulfillment", c.query); got != c.want || code != "200" {
			t.Errorf("parcels-in-country?%s = %d (%s), want %d", c.query, got, code, c.want)
		}
	}
	// Connect answers the same, over the same scope.
	rec := call(t, api, "bakery", "POST", "/portal.v1.DashboardService/ListParcelsPerCountry", fmt.Sprintf(`{"customerId":"%d"}`, bakery))
	var connected struct{ Countries []countryCount }
	if err := json.Unmarshal(rec.Body.Bytes(), &connected); err != nil || rec.Code != http.StatusOK || fmt.Sprint(connected.Countries) != want {
		t.Fatalf("connect per country = %d %s", rec.Code, rec.Body)
	}
	rec = call(t, api, "bakery", "POST", "/portal.v1.DashboardService/GetParcelsInCountry", fmt.Sprintf(`{"customerId":"%d","countries":"AT"}`, bakery))
	if rec.Code != http.StatusOK || strings.ReplaceAll(rec.Body.String(), " ", "") != `{"count":1}` {
		t.Fatalf("connect count = %d %s", rec.Code, rec.Body)
	}
	rec = call(t, api, "bakery", "POST", "/portal.v1.DashboardService/GetParcelsInCountry", fmt.Sprintf(`{"customerId":"%d","countries":"US"}`, books))
	if rec.Code != http.StatusNotFound || !strings.Contains(rec.Body.String(), customer.KeyNotFound) {
		t.Fatalf("connect count of another customer = %d %s", rec.Code, rec.Body)
	}
}

func TestDashboardRefusals(t *testing.T) {
	api, bakery, books := dashboardAPI(t)
	perCountry := func(id int64) string { return fmt.Sprintf("/web/api/dashboard/parcels-per-country/%d", id) }
	inCountry := func(query string, id int64) string {
		return fmt.Sprintf("/web/api/dashboard/parcels-in-country?customerId=%d&%s", id, query)
	}
	for _, tc := range []struct {
		who, path string
		code      int
		key       string
	}{
		{"", perCountry(bakery), http.StatusUnauthorized, ""},
		{"api", perCountry(bakery), http.StatusForbidden, "error.forbidden"},
		{"none", perCountry(bakery), http.StatusForbidden, ""},
		{"bakery", perCountry(books), http.StatusNotFound, customer.KeyNotFound},
		{"books", perCountry(bakery), http.StatusNotFound, customer.KeyNotFound},
		{"tracker", perCountry(books), http.StatusNotFound, customer.KeyNotFound},
		{"bakery", perCountry(0), http.StatusBadRequest, "error.validation"},
		{"bakery", perCountry(bakery + books + 100), http.StatusNotFound, customer.KeyNotFound},
		{"books", inCountry("countries=NL", bakery), http.StatusNotFound, customer.KeyNotFound},
		{"bakery", inCountry("", bakery), http.StatusBadRequest, "error.validation"},
		{"bakery", inCountry("countries=NLD", bakery), http.StatusBadRequest, "error.validation"},
		{"bakery", inCountry("countries=NL&from=2026-13-01", bakery), http.StatusBadRequest, "error.validation"},
		{"bakery", inCountry("countries=NL&from=2026-03-02&to=2026-03-01", bakery), http.StatusBadRequest, "error.validation"},
		{"bakery", inCountry("countries="+strings.Repeat("NL,", 400), bakery), http.StatusBadRequest, "error.validation"},
		{"bakery", "/web/api/dashboard/parcels-in-country?countries=NL", http.StatusBadRequest, "error.validation"},
		{"", "/web/api/shipments/CP000000011DE/tracking", http.StatusUnauthorized, ""},
		{"api", "/web/api/shipments/CP000000011DE/tracking", http.StatusForbidden, "error.forbidden"},
		{"bakery", "/web/api/shipments/CP000000033DE/tracking", http.StatusNotFound, tracking.KeyNotFound},
		{"books", "/web/api/shipments/CP000000011DE/tracking", http.StatusNotFound, tracking.KeyNotFound},
		{"bakery", "/web/api/shipments/unknown/tracking", http.StatusNotFound, tracking.KeyNotFound},
		{"bakery", "/web/api/shipments/" + strings.Repeat("X", 51) + "/tracking", http.StatusBadRequest, "error.validation"},
	} {
		rec := call(t, api, tc.who, "GET", tc.path, "")
		if rec.Code != tc.code || !strings.Contains(rec.Body.String(), tc.key) {
			t.Errorf("%s GET %s = %d %s", tc.who, tc.path, rec.Code, rec.Body)
		}
	}
}

func TestDashboardTrackingBox(t *testing.T) {
	api, _, _ := dashboardAPI(t)
	rec := call(t, api, "tracker", "GET", "/web/api/shipments/CP000000011DE/tracking", "")
	var events []map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &events); err != nil || rec.Code != http.StatusOK || len(events) == 0 {
		t.Fatalf("REST tracking = %d %s", rec.Code, rec.Body)
	}
	if events[0]["code"] != tracking.ElecNot || events[0]["position"] != float64(1) || events[0]["time"] == "" || events[0]["carrierEventDescription"] != "" {
		t.Errorf("first event %v", events[0])
	}
	rec = call(t, api, "fulfillment", "POST", "/portal.v1.DashboardService/GetShipmentTracking", `{"id":"CP000000033DE"}`)
	var got struct {
		Events      []map[string]any
		ActiveStep  int
		TrackingID  string `json:"trackingId"`
		ProductCode string
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil || rec.Code != http.StatusOK || got.TrackingID != "CP000000033DE" || got.ProductCode != "EPAQPLS" || len(got.Events) == 0 {
		t.Fatalf("connect tracking = %d %s", rec.Code, rec.Body)
	}
	// Internal roles see the carrier's own words.
	rec = call(t, api, "service", "GET", "/web/api/shipments/CP000000011DE/tracking", "")
	if err := json.Unmarshal(rec.Body.Bytes(), &events); err != nil || rec.Code != http.StatusOK || events[0]["carrierEventDescription"] == "" {
		t.Fatalf("internal tracking = %d %s", rec.Code, rec.Body)
	}
}
