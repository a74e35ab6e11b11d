package carrier_test

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"

	adapter "parcelportal/adapters/carrier"
	"parcelportal/adapters/carrier/simulator"
)

// The carrier list comes from the simulator with the demo API login; a
// wrong login and the simulator's fault switch are errors, and the switch
// turned off serves the list again.
func TestCarrierListAgainstTheSimulator(t *testing.T) {
	sim := simulator.New()
	srv := httptest.NewServer(sim)
	defer srv.Close()
	list := adapter.CarrierList{BaseURL: srv.URL, HTTP: srv.Client()}
	ctx := context.Background()
	csv, err := list.CarriersCSV(ctx, simulator.Username, simulator.Password)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(csv)), "\r\n")
	if lines[0] != "carrier_code,carrier_name,countries" || len(lines) != len(simulator.Carriers)+1 || !strings.Contains(string(csv), "POSTNL,PostNL,") {
		t.Fatalf("csv = %q", csv)
	}
	if _, err := list.CarriersCSV(ctx, simulator.Username, "wrong"); err == nil || strings.Contains(err.Error(), "wrong") {
		t.Fatalf("a wrong password: %v", err)
	}
	sim.Configure(func(c *simulator.Config) { c.CarrierListFault = true })
	if _, err := list.CarriersCSV(ctx, simulator.Username, simulator.Password); err == nil || !strings.Contains(err.Error(), "503") {
		t.Fatalf("with the fault switch on: %v", err)
	}
	sim.Configure(func(c *simulator.Config) { c.CarrierListFault = false })
	if _, err := list.CarriersCSV(ctx, simulator.Username, simulator.Password); err != nil {
		t.Fatalf("with the fault switch off: %v", err)
	}
	if _, err := (adapter.CarrierList{BaseURL: "http://127.0.0.1:1"}).CarriersCSV(ctx, "demo", "portal-demo"); err == nil {
		t.Fatal("an unreachable aggregator must be an error")
	}
}
