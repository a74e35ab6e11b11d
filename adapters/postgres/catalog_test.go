package postgres_test

import (
	"context"
	"testing"

	"parcelportal/adapters/postgres"
	"parcelportal/adapters/postgres/postgrestest"
	"parcelportal/app/management/managementtest"
)

func TestCatalogContract(t *testing.T) {
	t.Parallel()
	managementtest.CatalogReaderContract(t, postgres.Catalog{Pool: postgrestest.NewPool(t)})
}

func BenchmarkCatalog(b *testing.B) {
	catalog := postgres.Catalog{Pool: postgrestest.NewPool(b)}
	ctx := context.Background()
	for b.Loop() {
		if _, err := catalog.Catalog(ctx); err != nil {
			b.Fatal(err)
		}
	}
}
