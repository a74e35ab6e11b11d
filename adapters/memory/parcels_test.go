package memory_test

import (
	"testing"

	"parcelportal/adapters/memory"
	"parcelportal/app/parcels/storetest"
)

func TestParcelsContract(t *testing.T) {
	storetest.Run(t, func(t *testing.T) storetest.Fixture {
		s := &memory.Parcels{}
		return storetest.Fixture{Store: s, Customers: [2]int64{1, 2}, Gather: func(_ *testing.T, id int64, status string) {
			s.Gather(id, 900+id, status)
		}}
	})
}
