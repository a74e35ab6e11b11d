package postgres_test

import (
	"context"
	"fmt"
	"testing"

	"parcelportal/adapters/postgres"
	"parcelportal/adapters/postgres/postgrestest"
	"parcelportal/app/addresses/storetest"
	"parcelportal/core/addressbook"
)

func TestAddressBookContract(t *testing.T) {
	t.Parallel()
	pool := postgrestest.NewPool(t)
	customers := demoCustomers(t, pool)
	storetest.Contract(t, postgres.AddressBook{Pool: pool}, customers[0], customers[1])
}

// TestAddressBookImportIsAtomic: a row the database refuses (a NUL byte, which
// the CSV reader never lets through) fails the whole import.
func TestAddressBookImportIsAtomic(t *testing.T) {
	t.Parallel()
	pool := postgrestest.NewPool(t)
	customers := demoCustomers(t, pool)
	store := postgres.AddressBook{Pool: pool}
	batch := make([]addressbook.Address, 100)
	for i := range batch {
		batch[i] = storetest.Address(fmt.Sprintf("Row %d", i))
	}
	batch[99].City = "Frank\x00furt"
	if n, err := store.Import(context.Background(), customers[0], batch); err == nil || n != 0 {
		t.Fatalf("Import with a refused row = %d, %v", n, err)
	}
	if all, err := store.All(context.Background(), customers[0]); err != nil || len(all) != 0 {
		t.Fatalf("a failed import stored %d entries (%v)", len(all), err)
	}
}
