package postgres_test

import (
	"testing"

	"parcelportal/adapters/postgres"
	"parcelportal/adapters/postgres/postgrestest"
	"parcelportal/app/news/storetest"
)

func TestNewsContract(t *testing.T) {
	t.Parallel()
	storetest.Contract(t, postgres.News{Pool: postgrestest.NewPool(t)})
}
