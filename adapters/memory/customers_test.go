package memory_test

import (
	"testing"

	"parcelportal/adapters/memory"
	"parcelportal/app/customers/storetest"
)

func TestCustomersContract(t *testing.T) {
	storetest.Contract(t, memory.NewCustomers(map[int64]string{3: "Frankfurt Hub"}, 3), 3)
}
