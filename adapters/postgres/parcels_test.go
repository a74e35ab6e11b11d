package postgres_test

import (
	"context"
	"testing"

	"parcelportal/adapters/postgres"
	"parcelportal/adapters/postgres/postgrestest"
	"parcelportal/app/parcels/storetest"
)

func TestParcelsContract(t *testing.T) {
	t.Parallel()
	storetest.Run(t, func(t *testing.T) storetest.Fixture {
		pool := postgrestest.NewPool(t)
		return storetest.Fixture{Store: postgres.Parcels{Pool: pool}, Customers: demoCustomers(t, pool),
			Gather: func(t *testing.T, id int64, status string) {
				t.Helper()
				_, err := pool.Exec(context.Background(), `
					WITH b AS (INSERT INTO batch (customer_id, csv_file_name, csv, status, created_by)
						SELECT customer_id, 'Single Parcels', '', $2, 'test' FROM validated_shipment WHERE id = $1 RETURNING id)
					UPDATE validated_shipment SET batch_id = (SELECT id FROM b) WHERE id = $1`, id, status)
				if err != nil {
					t.Fatal(err)
				}
			}}
	})
}
