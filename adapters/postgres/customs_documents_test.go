package postgres_test

import (
	"testing"

	"parcelportal/adapters/postgres"
	"parcelportal/adapters/postgres/postgrestest"
	"parcelportal/app/customsdocs/storetest"
	"parcelportal/app/demo"
)

func TestCustomsDocumentsContract(t *testing.T) {
	t.Parallel()
	pool := postgrestest.NewPool(t)
	storetest.Contract(t, postgres.CustomsDocuments{Pool: pool}, [2]string{demo.BakeryCRMID, demo.GardenCRMID}, demoCustomers(t, pool), 1<<40)
}
