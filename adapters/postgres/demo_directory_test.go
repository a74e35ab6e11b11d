package postgres_test

import (
	"context"
	"testing"

	"parcelportal/adapters/postgres"
	"parcelportal/adapters/postgres/postgrestest"
	"parcelportal/app/demo"
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
		"SELECT count(*) FROM user_data WHERE customer_id IS NULL AND fulfillment_id IS NOT NULL": 1,
	}
	for sql, want := range checks {
		if got := count(sql); got != want {
			t.Errorf("%s = %d, want %d", sql, got, want)
		}
	}
}
