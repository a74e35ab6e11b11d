package postgres_test

import (
	"testing"

	"parcelportal/adapters/postgres"
	"parcelportal/adapters/postgres/postgrestest"
	"parcelportal/app/management/managementtest"
)

func TestCatalogContract(t *testing.T) {
	t.Parallel()
	managementtest.CatalogReaderContract(t, postgres.Catalog{Pool: postgrestest.NewPool(t)})
}
