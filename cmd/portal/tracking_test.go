package main

import (
	"context"
	"net/http/httptest"
	"testing"

	"parcelportal/adapters/carrier/labels"
	carriersim "parcelportal/adapters/carrier/simulator"
	"parcelportal/adapters/credcheck"
	"parcelportal/adapters/tracking/simulator"
	"parcelportal/app/customers"
	"parcelportal/core/carrier"
	"parcelportal/core/shipment"
	"parcelportal/core/tracking"
)

// A label the embedded carrier simulator makes is known at once to the
// embedded tracking simulator the portal's tracking client asks.
func TestEmbeddedCarrierTellsEmbeddedTracking(t *testing.T) {
	ctx := context.Background()
	side, tside := carrierOf(config{}), trackingOf(config{})
	creds := carrier.Credentials{APIClient: "SHIPPING", Username: "demo", Password: "portal-demo", CustomerCRMID: "DE10000001"}
	label, err := side.client.AddAndPrint(ctx, creds, carrier.Request{Reference: "t-1", LabelType: "PDF", SenderHub: "DE", Shipment: shipment.Draft{Fields: map[string]string{
		"name": "Jan Jansen", "street": "Keizersgracht", "no": "1", "postalcode": "1015 CX", "city": "Amsterdam", "isoCountry": "NL", "product": "EPAQPLS",
	}}})
	if err != nil {
		t.Fatal(err)
	}
	d, err := tside.client.Parcel(ctx, tside.staff, label.Identifier)
	if err != nil || d.CustomerID != "DE10000001" || d.Receiver.Name != "Jan Jansen" || len(d.Events) == 0 || d.Events[0].HarmonizedCode != tracking.ElecNot {
		t.Fatalf("tracking of %s: %+v %v", label.Identifier, d, err)
	}
	checks := credcheck.Client{CarrierURL: side.checkURL, TrackingURL: tside.checkURL, HTTP: tside.checkClient(side.checkHTTP)}
	for target, want := range map[string]bool{"tracking": true, "api": true} {
		if ok, err := checks.Check(ctx, customers.CredentialCheck{Target: target, Username: "demo", Password: "portal-demo"}); err != nil || ok != want {
			t.Errorf("%s check = %v, %v", target, ok, err)
		}
	}
}

// A carrier simulator in a process of its own tells the tracking
// simulator over POST /parcels.
func TestCarrierSimulatorPostsLabelsToTracking(t *testing.T) {
	sim := simulator.New()
	srv := httptest.NewServer(sim)
	defer srv.Close()
	carriersim.PostTo(srv.URL).Labelled("DE1", labels.Label{Identifier: "CP000000099DE", SenderHub: "DE", Receiver: labels.Address{Country: "NL"}})
	if got := sim.Config(); got.Speedup != simulator.DefaultSpeedup {
		t.Fatalf("config %+v", got)
	}
	rec := httptest.NewRecorder()
	sim.ServeHTTP(rec, httptest.NewRequest("GET", "/stats", nil))
	if body := rec.Body.String(); rec.Code != 200 || body != "{\"parcels\":1,\"calls\":0,\"faults\":0}\n" {
		t.Fatalf("stats %d %s", rec.Code, body)
	}
}

// The admins' health report asks the tracking API: the embedded simulator
// answers; an address nobody listens on is down.
func TestTrackingProbe(t *testing.T) {
	ctx := context.Background()
	if err := trackingOf(config{}).probe.Check(ctx); err != nil {
		t.Fatalf("embedded tracking simulator: %v", err)
	}
	sim := httptest.NewServer(simulator.New())
	if err := trackingOf(config{TrackingURL: sim.URL}).probe.Check(ctx); err != nil {
		t.Fatalf("tracking simulator at %s: %v", sim.URL, err)
	}
	sim.Close()
	if err := trackingOf(config{TrackingURL: sim.URL}).probe.Check(ctx); err == nil {
		t.Fatal("a closed tracking API is healthy")
	}
}
