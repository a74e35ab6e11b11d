package postgres_test

import (
	"context"
	"testing"

	"parcelportal/adapters/postgres"
	"parcelportal/adapters/postgres/postgrestest"
	"parcelportal/app/documents/storetest"
	"parcelportal/core/document"
)

func TestLegalPagesContract(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := postgrestest.NewPool(t)
	var first, other, hub, customer int64
	for _, q := range []struct {
		sql  string
		args []any
		into *int64
	}{
		{`INSERT INTO tenant (name, country_code) VALUES ('Tenant A', 'DE') RETURNING id`, nil, &first},
		{`INSERT INTO tenant (name, country_code) VALUES ('Tenant B', 'NL') RETURNING id`, nil, &other},
		{`INSERT INTO hub (tenant_id, name, is_default, country_code) VALUES ($1, 'Hub B', true, 'NL') RETURNING id`, []any{&other}, &hub},
		{`INSERT INTO customer (name, crmid, hub_id) VALUES ('Customer B', 'NL00000001', $1) RETURNING id`, []any{&hub}, &customer},
	} {
		args := make([]any, len(q.args))
		for i, a := range q.args {
			args[i] = *a.(*int64)
		}
		if err := pool.QueryRow(ctx, q.sql, args...).Scan(q.into); err != nil {
			t.Fatalf("%s: %v", q.sql, err)
		}
	}
	storetest.LegalContract(t, postgres.LegalPages{Pool: pool}, first, other, customer, other+1000)
}

// The table refuses what the domain refuses, should a caller skip it.
func TestLegalPagesTableGuards(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := postgrestest.NewPool(t)
	var tenant int64
	if err := pool.QueryRow(ctx, `INSERT INTO tenant (name, country_code) VALUES ('T', 'DE') RETURNING id`).Scan(&tenant); err != nil {
		t.Fatal(err)
	}
	store := postgres.LegalPages{Pool: pool}
	for _, p := range []document.LegalPage{
		{TenantID: tenant, Kind: "COOKIES", Locale: "en", Body: "x"},
		{TenantID: tenant, Kind: document.Imprint, Locale: "fr", Body: "x"},
		{TenantID: tenant, Kind: document.Imprint, Locale: "en", Body: ""},
	} {
		if _, err := store.Put(ctx, p); err == nil {
			t.Errorf("the table took %+v", p)
		}
	}
	if list, _ := store.List(ctx, tenant, ""); len(list) != 0 {
		t.Fatalf("refused pages were stored: %+v", list)
	}
}
