package dashboards_test

import (
	"context"
	"testing"
	"time"

	"parcelportal/adapters/memory"
	"parcelportal/app/dashboards"
	"parcelportal/core/access"
	"parcelportal/core/customer"
	"parcelportal/core/failure"
)

// The counts are of a customer the caller acts for; another customer is
// not found, a role without the dashboard is forbidden, and bad searches
// change nothing and ask no store.
func TestScopeAndRefusals(t *testing.T) {
	ctx := context.Background()
	counts := &memory.DashboardCounts{}
	counts.Ship(1, "NL", time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC), "DONE")
	counts.Ship(2, "US", time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC), "DONE")
	svc := dashboards.Service{Counts: counts}
	user := &access.Caller{Login: "user", Roles: []access.Role{access.User}, CustomerID: 1}
	fulfillment := &access.Caller{Login: "f", Roles: []access.Role{access.User}, FulfillmentCustomers: []int64{1, 2}}
	staff := &access.Caller{Login: "ops", Roles: []access.Role{access.Operations}}
	api := &access.Caller{Login: "api", Roles: []access.Role{access.API}, CustomerID: 1}

	if got, err := svc.PerCountry(ctx, user, 1); err != nil || len(got) != 1 || got[0].Country != "NL" {
		t.Fatalf("own = %v, %v", got, err)
	}
	for _, c := range []*access.Caller{fulfillment, staff} {
		if got, err := svc.PerCountry(ctx, c, 2); err != nil || len(got) != 1 || got[0].Country != "US" {
			t.Fatalf("%s = %v, %v", c.Login, got, err)
		}
	}
	if _, err := svc.PerCountry(ctx, user, 2); !failure.HasKey(err, customer.KeyNotFound) {
		t.Fatalf("another customer = %v", err)
	}
	if _, err := svc.InCountries(ctx, user, 2, "US", "", ""); !failure.HasKey(err, customer.KeyNotFound) {
		t.Fatalf("another customer's search = %v", err)
	}
	for _, c := range []*access.Caller{nil, api} {
		if _, err := svc.PerCountry(ctx, c, 1); err == nil {
			t.Fatalf("%v reads the counts", c)
		}
		if _, err := svc.Track(ctx, c, "CP1"); err == nil {
			t.Fatalf("%v tracks", c)
		}
	}
	if n, err := svc.InCountries(ctx, fulfillment, 1, "nl,at", "2026-03-01", "2026-03-01"); err != nil || n != 1 {
		t.Fatalf("search = %d, %v", n, err)
	}
	if _, err := svc.InCountries(ctx, user, 1, "", "", ""); !failure.HasKey(err, "error.validation") {
		t.Fatalf("no countries = %v", err)
	}
}
