package postgres_test

import (
	"context"
	"testing"

	"parcelportal/adapters/postgres"
	"parcelportal/adapters/postgres/postgrestest"
	"parcelportal/app/inquiries/storetest"
)

func TestInquiriesContract(t *testing.T) {
	t.Parallel()
	pool := postgrestest.NewPool(t)
	customers := demoCustomers(t, pool)
	var tenantID int64
	err := pool.QueryRow(context.Background(),
		`SELECT h.tenant_id FROM customer c JOIN hub h ON h.id = c.hub_id WHERE c.id = $1`, customers[0]).Scan(&tenantID)
	if err != nil {
		t.Fatal(err)
	}
	storetest.Contract(t, postgres.Inquiries{Pool: pool}, tenantID, customers[0], customers[1])
}
