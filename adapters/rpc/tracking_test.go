package rpc_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"parcelportal/adapters/carrier/labels"
	"parcelportal/adapters/memory"
	"parcelportal/adapters/rpc"
	"parcelportal/adapters/sheet"
	trackingapi "parcelportal/adapters/tracking"
	"parcelportal/adapters/tracking/simulator"
	"parcelportal/app/identity"
	"parcelportal/app/trackingsearch"
	"parcelportal/core/access"
	"parcelportal/core/account"
	"parcelportal/core/customer"
	"parcelportal/core/tracking"
)

// trackingCallers knows a few callers by bearer.
type trackingCallers map[string]*access.Caller

func (c trackingCallers) ResolveCaller(_ context.Context, token string) (identity.CallerState, error) {
	if caller, ok := c[token]; ok {
		return identity.CallerState{Caller: caller}, nil
	}
	return identity.CallerState{}, account.ErrBadCredentials
}

// trackingWorld is tracking over the HTTP client and the simulator, with
// two customers: a bakery (DE1, one tracked and one untracked parcel) and
// a bookshop (DE2, one parcel).
func trackingWorld(t *testing.T) (svc trackingsearch.Service, sim *simulator.Simulator, bakery, books int64) {
	t.Helper()
	ctx := context.Background()
	store := memory.NewCustomers(map[int64]string{1: "Frankfurt Hub"}, 1)
	add := func(name, crmid string) int64 {
		c := customer.New(1)
		c.Name, c.CRMID, c.APIUsername, c.TrackingUsername = name, crmid, "api", simulator.Username
		c.Credentials.TrackingPassword = simulator.Password
		saved, err := store.Create(ctx, c)
		if err != nil {
			t.Fatal(err)
		}
		return saved.ID
	}
	bakery, books = add("Bakery", "DE1"), add("Books", "DE2")
	at := time.Now().Add(-time.Hour)
	sim = simulator.New(simulator.WithSpeedup(100))
	sim.Labelled("DE1", labels.Label{Identifier: "CP000000011DE", Product: "EPAQPLS", SenderHub: "DE", Date: at, Reference: "order-1", Receiver: labels.Address{Name: "Anna", City: "Paris", Country: "FR"}})
	sim.Labelled("DE1", labels.Label{Identifier: "CP000000022DE", Product: "EPAQSTD", SenderHub: "DE", Date: at, Receiver: labels.Address{Name: "Bert", City: "Paris", Country: "FR"}})
	sim.Labelled("DE2", labels.Label{Identifier: "CP000000033DE", Product: "EPAQPLS", SenderHub: "DE", Date: at, Receiver: labels.Address{Name: "Carl", City: "Paris", Country: "FR"}})
	srv := httptest.NewServer(sim)
	t.Cleanup(srv.Close)
	svc = trackingsearch.Service{Tracking: trackingapi.New(srv.URL), Customers: store, Staff: tracking.Account{Version: tracking.V1, Username: simulator.Username, Password: simulator.Password}, Sheets: sheet.Writer{}}
	return svc, sim, bakery, books
}

// trackingAPI serves tracking over trackingWorld.
func trackingAPI(t *testing.T) (http.Handler, *simulator.Simulator) {
	t.Helper()
	svc, sim, bakery, books := trackingWorld(t)
	api := newAPI(t, rpc.Handlers{
		Tracking: rpc.TrackingHandler{Tracking: svc, Now: func() time.Time { return time.UnixMilli(1700000000000) }},
		Callers: trackingCallers{
			"bakery":  {Login: "user", Roles: []access.Role{access.User}, CustomerID: bakery},
			"tracker": {Login: "tracking", Roles: []access.Role{access.TrackingOnly}, CustomerID: bakery},
			"books":   {Login: "books", Roles: []access.Role{access.User}, CustomerID: books},
			"service": {Login: "service", Roles: []access.Role{access.CustomerService}},
			"api":     {Login: "api", Roles: []access.Role{access.API}, CustomerID: bakery},
		},
	})
	return api, sim
}

type searchAnswer struct {
	Data []map[string]any `json:"data"`
	// Total travels as a string (int64 in JSON).
	Total       string `json:"total"`
	Internal    bool   `json:"internal"`
	Fulfillment bool   `json:"fulfillment"`
}

func TestTrackingSearchOverRESTIsScoped(t *testing.T) {
	api, _ := trackingAPI(t)
	rec := call(t, api, "bakery", "POST", "/web/api/cep-tracking/search", `{"search_criteria":{},"meta":{"page_size":10}}`)
	var got searchAnswer
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil || rec.Code != http.StatusOK || got.Total != "2" || rec.Header().Get("X-Total-Count") != "2" {
		t.Fatalf("search = %d %s", rec.Code, rec.Body)
	}
	for _, row := range got.Data {
		if row["customer_id"] != "DE1" || row["customer_name"] != "Bakery" || row["subsidiary_name"] != "" {
			t.Errorf("row %v", row)
		}
		if row["tracking_id"] == "CP000000022DE" && row["untracked"] != true {
			t.Errorf("untracked row %v", row)
		}
	}
	// Asking for another customer's parcels finds none.
	rec = call(t, api, "bakery", "POST", "/web/api/cep-tracking/search", `{"search_criteria":{"customer":["DE2"]}}`)
	if rec.Code != http.StatusOK || strings.Contains(rec.Body.String(), "CP000000033DE") {
		t.Fatalf("foreign customer = %d %s", rec.Code, rec.Body)
	}
	rec = call(t, api, "service", "POST", "/web/api/cep-tracking/search", `{}`)
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil || got.Total != "3" || !got.Internal || got.Data[0]["subsidiary_name"] == "" {
		t.Fatalf("internal search = %d %s", rec.Code, rec.Body)
	}
	// Connect answers the same.
	rec = call(t, api, "books", "POST", "/portal.v1.TrackingService/SearchTracking", `{"searchCriteria":{}}`)
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "CP000000033DE") || strings.Contains(rec.Body.String(), "CP000000011DE") {
		t.Fatalf("connect search = %d %s", rec.Code, rec.Body)
	}
}

func TestTrackingRefusals(t *testing.T) {
	api, sim := trackingAPI(t)
	for _, tc := range []struct {
		who, method, path, body string
		code                    int
		key                     string
	}{
		{"", "POST", "/web/api/cep-tracking/search", `{}`, http.StatusUnauthorized, ""},
		{"api", "POST", "/web/api/cep-tracking/search", `{}`, http.StatusForbidden, ""},
		{"api", "GET", "/web/api/cep-tracking/parcels/CP000000011DE", "", http.StatusForbidden, ""},
		{"bakery", "GET", "/web/api/cep-tracking/parcels/CP000000033DE", "", http.StatusNotFound, tracking.KeyNotFound},
		{"bakery", "GET", "/web/api/cep-tracking/parcels/CP000000033DE/events", "", http.StatusNotFound, tracking.KeyNotFound},
		{"bakery", "GET", "/web/api/cep-tracking/parcels/CP000000033DE/parcel-receiver", "", http.StatusNotFound, tracking.KeyNotFound},
		{"bakery", "GET", "/web/api/cep-tracking/parcels/nothing-here/parcel-sender", "", http.StatusNotFound, tracking.KeyNotFound},
		{"bakery", "POST", "/web/api/cep-tracking/search", `{"search_criteria":{"status":13}}`, http.StatusBadRequest, "error.validation"},
		{"bakery", "POST", "/web/api/cep-tracking/search", `{"search_criteria":{"shipment_date":{"start_date":"1.2.2026"}}}`, http.StatusBadRequest, "error.validation"},
		{"bakery", "POST", "/web/api/cep-tracking/search", `{"meta":{"page_size":5000}}`, http.StatusBadRequest, "error.validation"},
		{"bakery", "POST", "/web/api/cep-tracking/search", `{"meta":`, http.StatusBadRequest, ""},
		{"bakery", "POST", "/web/api/cep-tracking/export/csv", `{"search_criteria":{"ids":["none"]}}`, http.StatusBadRequest, tracking.KeyExportLimit},
	} {
		rec := call(t, api, tc.who, tc.method, tc.path, tc.body)
		if rec.Code != tc.code || !strings.Contains(rec.Body.String(), tc.key) {
			t.Errorf("%s %s %s %s = %d %s", tc.who, tc.method, tc.path, tc.body, rec.Code, rec.Body)
		}
	}
	sim.FailNext(1)
	rec := call(t, api, "bakery", "POST", "/web/api/cep-tracking/search", `{}`)
	if rec.Code != http.StatusServiceUnavailable || !strings.Contains(rec.Body.String(), tracking.KeyUnavailable) || strings.Contains(rec.Body.String(), "127.0.0.1") {
		t.Fatalf("a failing tracking service = %d %s", rec.Code, rec.Body)
	}
}

func TestTrackingDetailsAndUntrackedProducts(t *testing.T) {
	api, _ := trackingAPI(t)
	var d struct {
		TrackingID string `json:"tracking_id"`
		Untracked  bool   `json:"untracked"`
		ActiveStep int    `json:"active_step"`
		Events     []struct {
			Code   string `json:"harmonized_code"`
			Source string `json:"event_source"`
			CS     bool   `json:"customer_service"`
		} `json:"tracking_events"`
		Receiver struct {
			Name string `json:"recipient_name"`
		} `json:"receiver_details"`
	}
	rec := call(t, api, "tracker", "GET", "/web/api/cep-tracking/parcels/CP000000022DE", "")
	if err := json.Unmarshal(rec.Body.Bytes(), &d); err != nil || rec.Code != http.StatusOK || !d.Untracked || len(d.Events) != 2 || d.Receiver.Name != "Bert" {
		t.Fatalf("untracked as a tracking user = %d %s", rec.Code, rec.Body)
	}
	d.Events = nil
	rec = call(t, api, "service", "GET", "/web/api/cep-tracking/parcels/CP000000022DE", "")
	if err := json.Unmarshal(rec.Body.Bytes(), &d); err != nil || rec.Code != http.StatusOK || d.Untracked || len(d.Events) < 4 || d.Events[0].Source == "" || d.ActiveStep < 2 {
		t.Fatalf("untracked as staff = %d %s", rec.Code, rec.Body)
	}
	rec = call(t, api, "bakery", "GET", "/web/api/cep-tracking/parcels/CP000000011DE/events", "")
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"harmonized_code":"CHECKIN"`) || strings.Contains(rec.Body.String(), `"event_source":"HUB`) {
		t.Fatalf("events = %d %s", rec.Code, rec.Body)
	}
	// Over Connect the answer names the product an inquiry about the parcel names (core/inquiry.ProductOfCode);
	// the REST body stays the details alone.
	for id, want := range map[string]string{"CP000000011DE": "EPAQ_PLUS", "CP000000022DE": "EPAQ_STANDARD"} {
		rec = call(t, api, "service", "POST", "/portal.v1.TrackingService/GetTrackingParcel", `{"id":"`+id+`"}`)
		var got struct {
			InquiryProduct string `json:"inquiryProduct"`
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil || rec.Code != http.StatusOK || got.InquiryProduct != want {
			t.Errorf("inquiry product of %s = %d %s, want %s", id, rec.Code, rec.Body, want)
		}
		if rec = call(t, api, "service", "GET", "/web/api/cep-tracking/parcels/"+id, ""); strings.Contains(rec.Body.String(), "nquiry") {
			t.Errorf("the REST details name the inquiry's product: %s", rec.Body)
		}
	}
	rec = call(t, api, "bakery", "GET", "/web/api/cep-tracking/products", "")
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"product_code":"EPAQPLS"`) {
		t.Fatalf("products = %d %s", rec.Code, rec.Body)
	}
	rec = call(t, api, "bakery", "POST", "/web/api/cep-tracking/export/csv", `{"search_criteria":{}}`)
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "CP000000011DE") || strings.Contains(rec.Body.String(), "CP000000033DE") ||
		!regexp.MustCompile(`(?m)^CP000000022DE,,DE1,Bakery,Bert,Germany,France,EPAQSTD,[^,]*,,,untracked$`).MatchString(rec.Body.String()) ||
		rec.Header().Get("Content-Disposition") != "attachment; filename=tracking-export-1700000000000.csv" {
		t.Fatalf("csv export = %d %v %s", rec.Code, rec.Header(), rec.Body)
	}
	rec = call(t, api, "bakery", "POST", "/web/api/cep-tracking/export/excel", `{"search_criteria":{}}`)
	if rec.Code != http.StatusOK || !strings.HasPrefix(rec.Body.String(), "PK") || !strings.HasSuffix(rec.Header().Get("Content-Disposition"), ".xlsx") {
		t.Fatalf("xlsx export = %d %v", rec.Code, rec.Header())
	}
}
