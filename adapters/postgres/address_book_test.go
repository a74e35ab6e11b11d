package postgres_test

import (
	"testing"

	"parcelportal/adapters/postgres"
	"parcelportal/adapters/postgres/postgrestest"
	"parcelportal/app/addressbook/storetest"
)

func TestAddressBookContract(t *testing.T) {
	t.Parallel()
	pool := postgrestest.NewPool(t)
	customers := demoCustomers(t, pool)
	storetest.Contract(t, postgres.AddressBook{Pool: pool}, customers[0], customers[1])
}
