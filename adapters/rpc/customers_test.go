package rpc_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"parcelportal/adapters/memory"
	"parcelportal/adapters/pdf"
	"parcelportal/adapters/rpc"
	"parcelportal/app/customers"
	"parcelportal/app/customers/storetest"
	"parcelportal/app/identity"
	"parcelportal/core/access"
	"parcelportal/core/account"
	"parcelportal/core/customer"
)

// customerBearers reads bearers of the form ROLE or ROLE:customerID.
type customerBearers struct{}

func (customerBearers) ResolveCaller(_ context.Context, token string) (identity.CallerState, error) {
	role, id, _ := strings.Cut(token, ":")
	if !access.IsRole(role) {
		return identity.CallerState{}, account.ErrBadCredentials
	}
	cid, _ := strconv.ParseInt(id, 10, 64)
	return identity.CallerState{Caller: &access.Caller{Login: strings.ToLower(token), Roles: []access.Role{access.Role(role)}, CustomerID: cid}}, nil
}

type fixedChecker struct{ got customers.CredentialCheck }

func (f *fixedChecker) Check(_ context.Context, c customers.CredentialCheck) (bool, error) {
	f.got = c
	return c.Password == "right", nil
}

func customersAPI(t *testing.T) (http.Handler, int64, int64, *fixedChecker) {
	t.Helper()
	store := memory.NewCustomers(map[int64]string{1: "Frankfurt Hub"}, 1)
	ctx := context.Background()
	mine := storetest.Full(1, "DE10000001")
	mine.GTC = customer.Consent{}
	mine.IsCommercialInvoiceChargeable = false
	// Tracking through the fulltrack key only: trackingEnabled must still say so.
	mine.TrackingUsername = ""
	a, err := store.Create(ctx, mine)
	if err != nil {
		t.Fatal(err)
	}
	b, err := store.Create(ctx, storetest.Full(1, "NL10000002"))
	if err != nil {
		t.Fatal(err)
	}
	checker := &fixedChecker{}
	api := newAPI(t, rpc.Handlers{
		Customers: rpc.CustomerHandler{Customers: customers.Service{Store: store, History: memory.NewBatchStore().Batches, Checker: checker, Terms: pdf.Terms{}}},
		Callers:   customerBearers{},
	})
	return api, a.ID, b.ID, checker
}

func TestCustomersScopedToTheCaller(t *testing.T) {
	api, mine, other, _ := customersAPI(t)
	user := "ROLE_USER:" + strconv.FormatInt(mine, 10)

	rec := call(t, api, user, "GET", "/web/api/customers?page=0&size=10", "")
	var list []map[string]any
	if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &list) != nil || len(list) != 1 || rec.Header().Get("X-Total-Count") != "1" {
		t.Fatalf("user list = %d %s (total %q)", rec.Code, rec.Body, rec.Header().Get("X-Total-Count"))
	}
	for _, path := range []string{"/web/api/customers/%d", "/web/api/customers/%d/full", "/web/api/customers/%d/printer-settings"} {
		p := strings.Replace(path, "%d", strconv.FormatInt(other, 10), 1)
		if rec := call(t, api, user, "GET", p, ""); rec.Code != http.StatusNotFound {
			t.Errorf("user reads another customer's %s: %d %s", p, rec.Code, rec.Body)
		}
	}
	otherPath := "/web/api/customers/" + strconv.FormatInt(other, 10)
	if rec := call(t, api, user, "PATCH", otherPath+"/gtc-accepted", "true"); rec.Code != http.StatusNotFound {
		t.Errorf("user accepts another customer's GTC: %d %s", rec.Code, rec.Body)
	}
	if rec := call(t, api, user, "PUT", otherPath+"/auto-manifest", `{"autoManifestDayTime":{"active":false}}`); rec.Code != http.StatusNotFound {
		t.Errorf("user changes another customer's schedule: %d %s", rec.Code, rec.Body)
	}
	if rec := call(t, api, user, "PUT", "/web/api/customers", `{"id":`+strconv.FormatInt(other, 10)+`,"name":"x","apiUsername":"x"}`); rec.Code != http.StatusNotFound {
		t.Errorf("user saves another customer: %d %s", rec.Code, rec.Body)
	}
	if rec := call(t, api, user, "DELETE", "/web/api/customers/"+strconv.FormatInt(mine, 10), ""); rec.Code != http.StatusForbidden {
		t.Errorf("user deletes its customer: %d %s", rec.Code, rec.Body)
	}
	if rec := call(t, api, "ROLE_TRACKING", "GET", "/web/api/customers", ""); rec.Code != http.StatusForbidden {
		t.Errorf("tracking role lists customers: %d", rec.Code)
	}
	if rec := call(t, api, "ROLE_OPERATIONS", "GET", "/web/api/customers?page=0&size=10000", ""); rec.Header().Get("X-Total-Count") != "2" {
		t.Errorf("operations sees %q customers, want all", rec.Header().Get("X-Total-Count"))
	}
}

func TestCustomerCredentialsStayHidden(t *testing.T) {
	api, mine, _, checker := customersAPI(t)
	path := "/web/api/customers/" + strconv.FormatInt(mine, 10)
	user := "ROLE_USER:" + strconv.FormatInt(mine, 10)
	for _, bearer := range []string{user, "ROLE_ADMIN"} {
		for _, p := range []string{path, path + "/full", "/web/api/customers"} {
			rec := call(t, api, bearer, "GET", p, "")
			if rec.Code != http.StatusOK {
				t.Fatalf("%s GET %s = %d %s", bearer, p, rec.Code, rec.Body)
			}
			for _, secret := range []string{"api-secret", "track-secret", "csecret", "a1p", "gp\""} {
				if strings.Contains(rec.Body.String(), secret) {
					t.Errorf("%s GET %s shows %q", bearer, p, secret)
				}
			}
		}
	}
	full := call(t, api, "ROLE_ADMIN", "GET", path+"/full", "")
	var c map[string]any
	_ = json.Unmarshal(full.Body.Bytes(), &c)
	if c["apiPassword"] != customer.Mask || c["a1Username"] != "a1u" {
		t.Errorf("admin form view: apiPassword %v, a1Username %v", c["apiPassword"], c["a1Username"])
	}
	asUser := call(t, api, user, "GET", path+"/full", "")
	_ = json.Unmarshal(asUser.Body.Bytes(), &c)
	if c["apiPassword"] != "" || c["a1Username"] != "" || c["fulltrackAccessKey"] != "" {
		t.Errorf("user form view: apiPassword %v, a1Username %v, fulltrackAccessKey %v", c["apiPassword"], c["a1Username"], c["fulltrackAccessKey"])
	}
	if c["trackingEnabled"] != true {
		t.Errorf("user form view: trackingEnabled %v for a customer with a fulltrack key", c["trackingEnabled"])
	}
	// The summary the shipping screens read says so too, for a customer whose only tracking access is its key.
	for _, bearer := range []string{user, "ROLE_ADMIN"} {
		summary := call(t, api, bearer, "GET", path, "")
		_ = json.Unmarshal(summary.Body.Bytes(), &c)
		if c["trackingEnabled"] != true || c["fulltrackAccessKey"] != "" {
			t.Errorf("%s summary: trackingEnabled %v, fulltrackAccessKey %v", bearer, c["trackingEnabled"], c["fulltrackAccessKey"])
		}
	}

	if rec := call(t, api, user, "POST", "/web/api/customers/_check-api-credentials", `{"type":"api","username":"demo","password":"right"}`); rec.Code != http.StatusForbidden {
		t.Errorf("user checks credentials: %d", rec.Code)
	}
	rec := call(t, api, "ROLE_ADMIN", "POST", "/web/api/customers/_check-api-credentials", `{"apiUrl":"web/api/tracking","username":"demo","password":"right"}`)
	if rec.Code != http.StatusOK || strings.TrimSpace(rec.Body.String()) != "true" || checker.got.Target != "tracking" {
		t.Errorf("admin check = %d %s, target %q", rec.Code, rec.Body, checker.got.Target)
	}
	// A masked password is checked with the stored one, never sent as the mask.
	body := `{"type":"api","username":"demo","password":"********","customerId":` + strconv.FormatInt(mine, 10) + `}`
	if rec := call(t, api, "ROLE_ADMIN", "POST", "/web/api/customers/_check-api-credentials", body); rec.Code != http.StatusOK || checker.got.Password != "api-secret" {
		t.Errorf("masked check = %d %s, sent %q", rec.Code, rec.Body, checker.got.Password)
	}
}

func TestCustomerConsentsOverREST(t *testing.T) {
	api, mine, _, _ := customersAPI(t)
	path := "/web/api/customers/" + strconv.FormatInt(mine, 10)
	user := "ROLE_USER:" + strconv.FormatInt(mine, 10)
	rec := call(t, api, user, "PATCH", path+"/gtc-accepted", "true")
	var c map[string]any
	if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &c) != nil || c["gtcAccepted"] != true || c["gtcAcceptedBy"] == "" || c["gtcEditable"] != false {
		t.Fatalf("accept GTC = %d %s", rec.Code, rec.Body)
	}
	// A refusal, not a 403: spec 1 section 8 signs the webapp out on 403.
	if rec := call(t, api, user, "PATCH", path+"/gtc-accepted", "false"); rec.Code != http.StatusBadRequest {
		t.Errorf("user unticks accepted GTC: %d %s", rec.Code, rec.Body)
	}
	if rec := call(t, api, user, "PATCH", path+"/ci-pricing-accepted", "true"); rec.Code == http.StatusOK {
		t.Errorf("CI pricing accepted for a customer that is not chargeable")
	}
	if rec := call(t, api, "ROLE_ADMIN", "PATCH", path+"/gtc-accepted", "false"); rec.Code != http.StatusOK {
		t.Errorf("admin unticks GTC: %d %s", rec.Code, rec.Body)
	}
	rec = call(t, api, user, "GET", "/web/api/gtc/AT", "")
	if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "application/pdf" || !strings.Contains(rec.Header().Get("Content-Disposition"), "gtc-AT.pdf") {
		t.Errorf("GTC PDF = %d %q %q", rec.Code, rec.Header().Get("Content-Type"), rec.Header().Get("Content-Disposition"))
	}
	if rec := call(t, api, user, "GET", "/web/api/gtc/FR", ""); rec.Code != http.StatusBadRequest {
		t.Errorf("GTC of FR = %d", rec.Code)
	}
	rec = call(t, api, user, "PUT", path+"/printer-settings", `{"labelType":"ZPL"}`)
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"labelType":"ZPL"`) {
		t.Errorf("printer settings = %d %s", rec.Code, rec.Body)
	}
	rec = call(t, api, user, "PUT", path+"/auto-manifest", `{"autoManifestDayTime":{"active":true,"time":"25:00","days":["MONDAY"]}}`)
	if rec.Code != http.StatusBadRequest {
		t.Errorf("invalid schedule = %d %s", rec.Code, rec.Body)
	}
}

// A tracking-only login reaches tracking and nothing else (spec 1 section
// 6): it gives no consent for its customer, and nothing is recorded.
func TestTrackingOnlyLoginGivesNoConsent(t *testing.T) {
	api, mine, _, _ := customersAPI(t)
	path := "/web/api/customers/" + strconv.FormatInt(mine, 10)
	tracking := "ROLE_TRACKING:" + strconv.FormatInt(mine, 10)
	for _, consent := range []string{"/gtc-accepted", "/ci-pricing-accepted"} {
		if rec := call(t, api, tracking, "PATCH", path+consent, "true"); rec.Code != http.StatusForbidden {
			t.Errorf("tracking-only login PATCH %s = %d %s", consent, rec.Code, rec.Body)
		}
	}
	rec := call(t, api, "ROLE_ADMIN", "GET", path+"/full", "")
	var c map[string]any
	if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &c) != nil || c["gtcAccepted"] == true || c["ciPricingAccepted"] == true {
		t.Fatalf("after the tracking login's consents: %d %s", rec.Code, rec.Body)
	}
}

// The invoice consent gate's last step (spec 2 section 4.6): seller EORIs.
func TestSellerEorisOverREST(t *testing.T) {
	api, mine, other, _ := customersAPI(t)
	id, otherID := strconv.FormatInt(mine, 10), strconv.FormatInt(other, 10)
	user := "ROLE_USER:" + id
	eoriOf := func() string {
		rec := call(t, api, "ROLE_ADMIN", "GET", "/web/api/customers/"+id+"/full", "")
		var c map[string]any
		_ = json.Unmarshal(rec.Body.Bytes(), &c)
		eori, _ := c["sellerEori"].(string)
		return eori
	}
	post := func(bearer, body string) *httptest.ResponseRecorder {
		return call(t, api, bearer, "POST", "/web/api/customers/seller-eori", body)
	}
	if before := eoriOf(); before != "DE999" {
		t.Fatalf("fixture's seller EORI %q", before)
	}
	// A given EORI is changed by admins only.
	if rec := post(user, `[{"id":"`+id+`","sellerEori":"DE111"}]`); rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "error.consent.locked") {
		t.Errorf("user changes a given EORI: %d %s", rec.Code, rec.Body)
	}
	if rec := post("ROLE_ADMIN", `[{"id":"`+id+`","name":"x","crmid":"y","sellerEori":" de 123 456 "}]`); rec.Code != http.StatusOK || eoriOf() != "DE123456" {
		t.Errorf("admin sets an EORI: %d %s, now %q", rec.Code, rec.Body, eoriOf())
	}
	if rec := post(user, `[{"id":"`+id+`","sellerEori":"DE123456"}]`); rec.Code != http.StatusOK {
		t.Errorf("the same again: %d %s", rec.Code, rec.Body)
	}
	refusals := map[string]struct {
		bearer, body, key string
		code              int
	}{
		"another customer": {user, `[{"id":"` + otherID + `","sellerEori":"DE1"}]`, "error.customerNotFound", http.StatusNotFound},
		"malformed":        {"ROLE_ADMIN", `[{"id":"` + id + `","sellerEori":"12-34"}]`, "error.customer.sellerEori", http.StatusBadRequest},
		"one bad of two":   {"ROLE_ADMIN", `[{"id":"` + id + `","sellerEori":"NL777"},{"id":"` + otherID + `","sellerEori":"x"}]`, "error.customer.sellerEori", http.StatusBadRequest},
		"empty list":       {"ROLE_ADMIN", `[]`, "", http.StatusBadRequest},
		"tracking-only":    {"ROLE_TRACKING:" + id, `[{"id":"` + id + `","sellerEori":"DE1"}]`, "error.forbidden", http.StatusForbidden},
		"not a list":       {"ROLE_ADMIN", `{"id":"` + id + `"}`, "", http.StatusBadRequest},
		"customer service": {"ROLE_CUSTOMER_SERVICE", `[{"id":"` + id + `","sellerEori":"DE1"}]`, "error.forbidden", http.StatusForbidden},
	}
	for name, r := range refusals {
		rec := post(r.bearer, r.body)
		if rec.Code != r.code || !strings.Contains(rec.Body.String(), r.key) {
			t.Errorf("%s: %d %s, want %d %s", name, rec.Code, rec.Body, r.code, r.key)
		}
	}
	if eoriOf() != "DE123456" {
		t.Errorf("a refused call changed the EORI to %q", eoriOf())
	}
}

// TestSortDirectionOverREST: the contract names the directions ASC and DESC,
// and scripts written against the spec send asc or desc: every case is read,
// an empty direction is the default (ascending), and a direction that is
// none is a field error as before.
func TestSortDirectionOverREST(t *testing.T) {
	api, _, _, _ := customersAPI(t)
	names := func(query string) []string {
		t.Helper()
		rec := call(t, api, "ROLE_ADMIN", "GET", "/web/api/customers?sort=name&"+query, "")
		var list []map[string]any
		if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &list) != nil {
			t.Fatalf("customers?%s = %d %s", query, rec.Code, rec.Body)
		}
		var out []string
		for _, c := range list {
			out = append(out, c["name"].(string))
		}
		return out
	}
	up := []string{"Contract DE10000001", "Contract NL10000002"}
	down := []string{"Contract NL10000002", "Contract DE10000001"}
	for query, want := range map[string][]string{
		"direction=asc": up, "direction=ASC": up, "direction=Asc": up, "direction=": up, "page=0": up,
		"direction=desc": down, "direction=DESC": down, "direction=dEsC": down,
	} {
		if got := names(query); strings.Join(got, ",") != strings.Join(want, ",") {
			t.Errorf("customers?%s = %v, want %v", query, got, want)
		}
	}
	rec := call(t, api, "ROLE_ADMIN", "GET", "/web/api/customers?direction=sideways", "")
	if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), `"direction"`) || !strings.Contains(rec.Body.String(), "error.validation") {
		t.Errorf("customers?direction=sideways = %d %s", rec.Code, rec.Body)
	}
}

// TestEnumNamesInBodiesOverREST: a body names an enum value as the spec's
// JSON does; an empty name is "not given" (the default) as the empty string
// was; a name the contract does not know is refused by the rule that refused
// the string (a field error on labelType), never read as the default.
func TestEnumNamesInBodiesOverREST(t *testing.T) {
	api, mine, _, _ := customersAPI(t)
	path := "/web/api/customers/" + strconv.FormatInt(mine, 10) + "/printer-settings"
	user := "ROLE_USER:" + strconv.FormatInt(mine, 10)
	// In this order: the last one saved is PDF, which the refusals below must keep.
	for _, c := range []struct{ body, want string }{
		{`{"labelType":"ZPL"}`, "ZPL"}, {`{"labelType":"PDF"}`, "PDF"}, {`{"labelType":"Zebra"}`, "ZPL"},
		{`{"labelType":""}`, "PDF"}, {`{"labelType":"zpl"}`, "ZPL"}, {`{}`, "PDF"},
	} {
		body, want := c.body, c.want
		rec := call(t, api, user, "PUT", path, body)
		var got map[string]any
		if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &got) != nil || got["labelType"] != want {
			t.Errorf("PUT %s = %d %s, want labelType %s", body, rec.Code, rec.Body, want)
		}
	}
	for _, body := range []string{`{"labelType":"Zebra600"}`, `{"labelType":"-1"}`, `{"labelType":7}`} {
		rec := call(t, api, user, "PUT", path, body)
		if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), `"labelType"`) || !strings.Contains(rec.Body.String(), "error.validation") {
			t.Errorf("PUT %s = %d %s, want a field error on labelType", body, rec.Code, rec.Body)
		}
	}
	if rec := call(t, api, user, "GET", path, ""); !strings.Contains(rec.Body.String(), `"labelType":"PDF"`) {
		t.Errorf("after the refusals the setting is %s, want the last saved PDF", rec.Body)
	}
}
