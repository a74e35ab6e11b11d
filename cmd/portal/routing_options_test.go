package main

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"parcelportal/adapters/jobs"
	"parcelportal/adapters/rpc/rpctest"
	"parcelportal/adapters/secrets"
	"parcelportal/app/demo"
	"parcelportal/core/customer"
	"parcelportal/core/manifest"
)

// adminPortal wires the whole API as main does, over the demo database and
// the embedded carrier simulator.
func adminPortal(t *testing.T) (*httptest.Server, demoDatabase) {
	t.Helper()
	db := newDemoDatabase(t)
	cfg := config{CredentialsKey: secrets.DevelopmentKey, RedisAddr: redisOf(t), JobQueue: "routing-" + randomHex(t), Captcha: "off"}
	return wiredPortal(t, cfg, db, io.Discard), db
}

// wiredPortal serves the whole API as main wires it with cfg over db, its
// logs written to logs; bearers are ROLE:customerID (Kratos resolves them
// in main). The server stops with the test.
func wiredPortal(t *testing.T, cfg config, db demoDatabase, logs io.Writer) *httptest.Server {
	t.Helper()
	ops := operationsOf(cfg, logs)
	queue := jobs.NewQueue(cfg.RedisAddr, cfg.JobQueue)
	t.Cleanup(func() { _ = queue.Close() })
	h, err := handlers(cfg, db.pool, db.box, carrierOf(cfg), queue, ops)
	if err != nil {
		t.Fatal(err)
	}
	h.Callers = bearers{}
	handler, err := instrumented(cfg, h, db.pool, queue, ops)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(handler)
	t.Cleanup(srv.Close)
	return srv
}

// TestRoutingOptionsOverREST: admins list the seeded defaults of the 23
// countries and change one; bad input is refused and changes nothing; every
// other role is refused (403, anonymous 401), over REST and Connect.
func TestRoutingOptionsOverREST(t *testing.T) {
	srv, db := adminPortal(t)
	bakery := strconv.FormatInt(db.customer(t, demo.BakeryCRMID), 10)
	call := func(bearer, method, path, body string) (int, []byte) {
		rsp, b := rpctest.Call(t, srv.Client(), method, srv.URL+path, bearer, body)
		return rsp.StatusCode, b
	}
	list := func() []map[string]any {
		code, b := call("ROLE_ADMIN", "GET", "/web/api/routing-options", "")
		var out []map[string]any
		if err := json.Unmarshal(b, &out); code != http.StatusOK || err != nil {
			t.Fatalf("list: %d %s", code, b)
		}
		return out
	}
	options := list()
	if len(options) != len(manifest.Countries) || options[0]["country"] != "AT" || options[19]["country"] != "NL" ||
		options[19]["carrier"] != "PostNL" || options[19]["manifestType"] != manifest.TypeCarrierDirect {
		t.Fatalf("seeded options: %v", options)
	}

	for _, bad := range []struct {
		path, body string
		code       int
		key        string
	}{
		{"/web/api/routing-options/NL", `{"manifestType":"EXPRESS","carrier":"DHL"}`, http.StatusBadRequest, "error.validation"},
		{"/web/api/routing-options/NL", `{"manifestType":"MANIFEST_MB_PLUS","carrier":""}`, http.StatusBadRequest, "error.validation"},
		{"/web/api/routing-options/NL", `{"manifestType":"MANIFEST_MB_PLUS","carrier":"` + strings.Repeat("x", 51) + `"}`, http.StatusBadRequest, "error.validation"},
		{"/web/api/routing-options/DE", `{"manifestType":"MANIFEST_MB_PLUS","carrier":"DHL"}`, http.StatusNotFound, manifest.KeyUnknownCountry},
	} {
		if code, b := call("ROLE_ADMIN", "PUT", bad.path, bad.body); code != bad.code || !strings.Contains(string(b), bad.key) {
			t.Errorf("PUT %s %s = %d %s, want %d %s", bad.path, bad.body, code, b, bad.code, bad.key)
		}
	}
	if got := list()[19]; got["carrier"] != "PostNL" {
		t.Fatalf("a refused change was kept: %v", got)
	}

	code, b := call("ROLE_ADMIN", "PUT", "/web/api/routing-options/nl", `{"manifestType":"MANIFEST_MB_PLUS","carrier":" DHL Parcel NL "}`)
	if code != http.StatusOK || !strings.Contains(string(b), `"carrier":"DHL Parcel NL"`) || !strings.Contains(string(b), `"country":"NL"`) {
		t.Fatalf("update: %d %s", code, b)
	}
	// The same call again is the same state.
	if code, _ := call("ROLE_ADMIN", "PUT", "/web/api/routing-options/NL", `{"manifestType":"MANIFEST_MB_PLUS","carrier":"DHL Parcel NL"}`); code != http.StatusOK {
		t.Fatalf("second identical update: %d", code)
	}
	if got := list()[19]; got["carrier"] != "DHL Parcel NL" || got["manifestType"] != manifest.TypeMBPlus || got["updatedBy"] != "e2e" {
		t.Fatalf("after the update: %v", got)
	}
	var audited int
	_ = db.pool.QueryRow(t.Context(), `SELECT count(*) FROM audit_event WHERE event_type = 'ROUTING_OPTION_CHANGED'`).Scan(&audited)
	if audited != 2 {
		t.Errorf("%d audit events of the change, want 2", audited)
	}

	for _, who := range []string{"ROLE_USER:" + bakery, "ROLE_OPERATIONS", "ROLE_CUSTOMER_SERVICE", "ROLE_TRACKING:" + bakery, "ROLE_API:" + bakery} {
		if code, _ := call(who, "GET", "/web/api/routing-options", ""); code != http.StatusForbidden {
			t.Errorf("%s listed the routing options: %d", who, code)
		}
		if code, _ := call(who, "PUT", "/web/api/routing-options/NL", `{"manifestType":"MANIFEST_MB_PLUS","carrier":"x"}`); code != http.StatusForbidden {
			t.Errorf("%s changed a routing option: %d", who, code)
		}
		if code, _ := call(who, "POST", "/portal.v1.ManifestService/ListRoutingOptions", `{}`); code != http.StatusForbidden {
			t.Errorf("%s listed the routing options over Connect: %d", who, code)
		}
	}
	if code, _ := call("", "GET", "/web/api/routing-options", ""); code != http.StatusUnauthorized {
		t.Errorf("anonymous list: %d", code)
	}
}

// TestCarriersCSVDownload: the carrier list comes from the embedded carrier
// simulator with the API login typed or stored; without one, with a login
// it refuses, and while its fault switch is on, the call answers its key.
func TestCarriersCSVDownload(t *testing.T) {
	srv, db := adminPortal(t)
	bakery := strconv.FormatInt(db.customer(t, demo.BakeryCRMID), 10)
	call := func(bearer, body string) (*http.Response, []byte) {
		return rpctest.Call(t, srv.Client(), "POST", srv.URL+"/web/api/customers/_download-carriers-csv", bearer, body)
	}
	rsp, b := call("ROLE_ADMIN", `{"username":"demo","password":"portal-demo"}`)
	if rsp.StatusCode != http.StatusOK || !strings.HasPrefix(rsp.Header.Get("Content-Type"), "text/csv") ||
		!strings.Contains(rsp.Header.Get("Content-Disposition"), customer.CarriersFileName) || !strings.HasPrefix(string(b), "carrier_code,carrier_name,countries") {
		t.Fatalf("download: %d %v %s", rsp.StatusCode, rsp.Header, b)
	}
	// The form shows the stored password masked: it stands for the stored one.
	if rsp, b := call("ROLE_ADMIN", `{"username":"demo","password":"`+customer.Mask+`","customerId":"`+bakery+`"}`); rsp.StatusCode != http.StatusOK {
		t.Fatalf("with the stored password: %d %s", rsp.StatusCode, b)
	}
	for _, bad := range []struct {
		body string
		code int
		key  string
	}{
		{`{"username":"demo"}`, http.StatusBadRequest, customer.KeyCarriersMissingCredentials},
		{`{"password":"portal-demo"}`, http.StatusBadRequest, customer.KeyCarriersMissingCredentials},
		{`{"username":"demo","password":"` + customer.Mask + `"}`, http.StatusBadRequest, customer.KeyCarriersMissingCredentials},
		{`{"username":"demo","password":"wrong"}`, http.StatusServiceUnavailable, customer.KeyCarriersDownloadFailed},
		{`{"username":"demo","password":"` + customer.Mask + `","customerId":"999999"}`, http.StatusNotFound, customer.KeyNotFound},
	} {
		if rsp, b := call("ROLE_ADMIN", bad.body); rsp.StatusCode != bad.code || !strings.Contains(string(b), bad.key) || strings.Contains(string(b), "wrong") {
			t.Errorf("%s = %d %s, want %d %s", bad.body, rsp.StatusCode, b, bad.code, bad.key)
		}
	}
	for _, who := range []string{"ROLE_USER:" + bakery, "ROLE_OPERATIONS", "ROLE_CUSTOMER_SERVICE"} {
		if rsp, _ := call(who, `{"username":"demo","password":"portal-demo"}`); rsp.StatusCode != http.StatusForbidden {
			t.Errorf("%s downloaded the carrier list: %d", who, rsp.StatusCode)
		}
	}
}
