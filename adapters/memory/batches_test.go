package memory_test

import (
	"testing"
	"time"

	"parcelportal/adapters/memory"
	"parcelportal/app/batches/storetest"
)

type memorySeeder struct{ store *memory.Batches }

func (s memorySeeder) PutShipment(_ *testing.T, sh storetest.Shipment) int64 {
	return s.store.PutShipment(memory.StoredShipment{Shipment: sh.Shipment, Open: sh.Open, Label: sh.Label, CustomsDoc: sh.CustomsDoc,
		SOAPRequest: sh.SOAPRequest, SOAPResponse: sh.SOAPResponse})
}

func (s memorySeeder) PutExchange(_ *testing.T, batchID int64, e storetest.Exchange) {
	s.store.PutExchange(batchID, e.ShipmentID, e.Operation, e.At, e.Request, e.Response)
}

func (s memorySeeder) PutManifest(_ *testing.T, batchID int64, doc []byte, at time.Time) {
	s.store.PutManifest(batchID, doc, at)
}

func TestBatchesContract(t *testing.T) {
	store := memory.NewBatchStore().Batches
	storetest.Contract(t, store, memorySeeder{store}, [2]int64{1, 2})
}

func TestBatchesHistoryContract(t *testing.T) {
	store := memory.NewBatchStore().Batches
	storetest.History(t, store, memorySeeder{store}, [2]int64{1, 2})
}
