package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"parcelportal/adapters/credcheck"
	"parcelportal/app/customers"
	"parcelportal/core/carrier"
)

func TestEmbeddedCarrierAnswersInProcess(t *testing.T) {
	side := carrierOf(config{})
	ctx := context.Background()
	checks := credcheck.Client{CarrierURL: side.checkURL, TrackingURL: "http://127.0.0.1:1", HTTP: side.checkHTTP}
	for password, want := range map[string]bool{"portal-demo": true, "wrong": false} {
		ok, err := checks.Check(ctx, customers.CredentialCheck{Target: "api", Username: "demo", Password: password})
		if err != nil || ok != want {
			t.Errorf("check with %q = %v, %v", password, ok, err)
		}
	}
	// A made-up reference has no label; the answer proves a signed-in SOAP exchange.
	creds := carrier.Credentials{APIClient: "SHIPPING", Username: "demo", Password: "portal-demo", CustomerCRMID: "DE10000001"}
	if _, found, err := side.client.Find(ctx, creds, "b1-r1-a1"); err != nil || found {
		t.Errorf("Find = %v, %v", found, err)
	}
	// Tracking checks still leave the process.
	if _, err := checks.Check(ctx, customers.CredentialCheck{Target: "tracking", Username: "demo", Password: "x"}); err == nil {
		t.Error("a tracking check reached a closed port")
	}
}

func TestConfiguredCarrierIsCalledOverHTTP(t *testing.T) {
	var paths []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		paths = append(paths, r.Method+" "+r.URL.Path)
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"valid":true}`))
	}))
	defer srv.Close()
	t.Setenv("CARRIER_URL", srv.URL+"/")
	cfg, err := loadConfig()
	if err != nil {
		t.Fatal(err)
	}
	side := carrierOf(cfg)
	checks := credcheck.Client{CarrierURL: side.checkURL, TrackingURL: "http://127.0.0.1:1", HTTP: side.checkHTTP}
	if ok, err := checks.Check(context.Background(), customers.CredentialCheck{Target: "api", Username: "u", Password: "p"}); err != nil || !ok {
		t.Fatalf("check = %v, %v", ok, err)
	}
	_, _, _ = side.client.Find(context.Background(), carrier.Credentials{Username: "u", Password: "p"}, "b1-r1-a1")
	if len(paths) < 2 || paths[0] != "POST /check-credentials" || !strings.HasPrefix(paths[1], "POST /shipping") {
		t.Errorf("requests = %v", paths)
	}
}
