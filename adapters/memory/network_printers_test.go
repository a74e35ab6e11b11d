package memory_test

import (
	"testing"

	"parcelportal/adapters/memory"
	"parcelportal/app/printers/storetest"
)

func TestNetworkPrintersContract(t *testing.T) {
	storetest.Contract(t, &memory.NetworkPrinters{Customers: []int64{1, 2}}, [2]int64{1, 2}, 3)
}
