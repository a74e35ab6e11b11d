package postgres_test

import (
	"context"
	"testing"

	"parcelportal/adapters/postgres"
	"parcelportal/adapters/postgres/postgrestest"
	"parcelportal/adapters/secrets"
	"parcelportal/app/demo"
)

// TestDemoCustomersShipWithTheSimulatorsLogin: seeded with a sealer, every
// demo customer reads back with the carrier login the simulator accepts.
func TestDemoCustomersShipWithTheSimulatorsLogin(t *testing.T) {
	t.Parallel()
	pool := postgrestest.NewPool(t)
	ctx := context.Background()
	box, err := secrets.NewBox(secrets.DevelopmentKey)
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if err := (postgres.DemoDirectory{Pool: pool, Sealer: box}).SaveOrganisation(ctx, demo.DemoOrganisation()); err != nil {
			t.Fatal(err)
		}
	}
	customers := postgres.Customers{Pool: pool, Sealer: box}
	for _, c := range demo.DemoOrganisation().Customers {
		var id int64
		if err := pool.QueryRow(ctx, `SELECT id FROM customer WHERE crmid = $1`, c.CRMID).Scan(&id); err != nil {
			t.Fatal(err)
		}
		got, err := customers.Get(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if got.APIUsername != "demo" || got.Credentials.APIPassword != "portal-demo" || got.Credentials.A1APIKey != "demo-key" {
			t.Errorf("%s carrier login = %q / %q / %q", c.CRMID, got.APIUsername, got.Credentials.APIPassword, got.Credentials.A1APIKey)
		}
	}
}
