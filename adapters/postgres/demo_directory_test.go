package postgres_test

import (
	"bytes"
	"context"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/adapters/postgres"
	"parcelportal/adapters/postgres/postgrestest"
	"parcelportal/adapters/secrets"
	"parcelportal/app/demo"
	"parcelportal/core/batchcsv"
	"parcelportal/core/document"
)

func TestDemoDirectoryIsIdempotent(t *testing.T) {
	t.Parallel()
	pool := postgrestest.NewPool(t)
	dir := postgres.DemoDirectory{Pool: pool}
	ctx := context.Background()
	identity := "7b0a8f5e-3f4c-4a53-9a39-2f1f3cf4a001"
	for range 2 {
		if err := dir.SaveOrganisation(ctx, demo.DemoOrganisation()); err != nil {
			t.Fatal(err)
		}
		if err := dir.EnsureCSVTemplate(ctx, demo.DemoCSVTemplate()); err != nil {
			t.Fatal(err)
		}
		if err := dir.LinkLogin(ctx, "fulfillment", identity, "", demo.FulfillerName); err != nil {
			t.Fatal(err)
		}
	}
	count := func(sql string) int {
		var n int
		if err := pool.QueryRow(ctx, sql).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	checks := map[string]int{
		"SELECT count(*) FROM tenant":               1,
		"SELECT count(*) FROM hub":                  2,
		"SELECT count(*) FROM hub WHERE is_default": 1,
		"SELECT count(*) FROM customer":             3,
		"SELECT count(*) FROM fulfillment_customer": 2,
		"SELECT count(*) FROM user_data WHERE customer_id IS NULL AND fulfillment_id IS NOT NULL":            1,
		"SELECT count(*) FROM csv_template_doc WHERE active":                                                 1,
		"SELECT count(*) FROM tenant WHERE self_registration_emails = '{registrations@parcel-portal.local}'": 1,
	}
	for sql, want := range checks {
		if got := count(sql); got != want {
			t.Errorf("%s = %d, want %d", sql, got, want)
		}
	}
}

// demoPool is a pool on a schema of its own, seeded with the demo
// organisation: tenants, hubs, customers and fulfillments.
func demoPool(t testing.TB) *pgxpool.Pool {
	t.Helper()
	pool := postgrestest.NewPool(t)
	if err := (postgres.DemoDirectory{Pool: pool}).SaveOrganisation(context.Background(), demo.DemoOrganisation()); err != nil {
		t.Fatal(err)
	}
	return pool
}

// TestDemoCSVTemplateIsServedAsActive: the seeded template is what the
// active-template download returns, with its features in place for the
// customers that validate against it.
func TestDemoCSVTemplateIsServedAsActive(t *testing.T) {
	t.Parallel()
	pool := demoPool(t)
	ctx := context.Background()
	dir := postgres.DemoDirectory{Pool: pool}
	if err := dir.EnsureCSVTemplate(ctx, demo.DemoCSVTemplate()); err != nil {
		t.Fatal(err)
	}
	active, found, err := postgres.Docs{Pool: pool}.Active(ctx, document.CSVTemplate)
	if err != nil || !found {
		t.Fatalf("active template: %v %v", found, err)
	}
	if active.Name != "CSV template" || active.FileName != "template.csv" || !bytes.Equal(active.Document, batchcsv.Template()) {
		t.Errorf("active template = %s %s (%d bytes)", active.Name, active.FileName, len(active.Document))
	}
	var features int
	if err := pool.QueryRow(ctx, `SELECT jsonb_array_length(available_features) FROM customer WHERE crmid = $1`, demo.BakeryCRMID).Scan(&features); err != nil || features == 0 {
		t.Errorf("bakery features: %d %v", features, err)
	}
}

// TestDemoCSVTemplateLeavesAnotherActiveTemplate: staff's own active
// template stays active when the demo is seeded again.
func TestDemoCSVTemplateLeavesAnotherActiveTemplate(t *testing.T) {
	t.Parallel()
	pool := postgrestest.NewPool(t)
	ctx := context.Background()
	own, err := postgres.Docs{Pool: pool}.Create(ctx, document.CSVTemplate, document.Doc{
		Name: "Our template", Document: []byte("name;city\n"), ContentType: "text/csv", FileName: "ours.csv", Active: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := (postgres.DemoDirectory{Pool: pool}).EnsureCSVTemplate(ctx, demo.DemoCSVTemplate()); err != nil {
		t.Fatal(err)
	}
	active, _, err := postgres.Docs{Pool: pool}.Active(ctx, document.CSVTemplate)
	if err != nil || active.ID != own.ID {
		t.Errorf("active template = %d %s, want %d: %v", active.ID, active.Name, own.ID, err)
	}
}

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
