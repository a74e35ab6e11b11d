package memory_test

import (
	"testing"
	"time"

	"parcelportal/adapters/memory"
	"parcelportal/app/batches/storetest"
	"parcelportal/core/batch"
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

// The batch store's one contract (app/batches/storetest) runs here on the
// in-memory store: the ports of the batch use cases, and those of the job
// runner.

func TestBatchStoreContract(t *testing.T) {
	store := memory.NewBatchStore().Batches
	storetest.Contract(t, store, memorySeeder{store}, [2]int64{1, 2})
}

func TestBatchStoreHistoryContract(t *testing.T) {
	store := memory.NewBatchStore().Batches
	storetest.History(t, store, memorySeeder{store}, [2]int64{1, 2})
}

func TestBatchStoreWorkContract(t *testing.T) {
	storetest.WorkContract(t, memoryFixture)
}

// memoryFixture is the work contract's fixture of the in-memory store. It
// lives here, not in storetest, because app imports no adapters.
func memoryFixture(*testing.T) storetest.WorkFixture {
	m := memory.NewBatchStore().Work
	return storetest.WorkFixture{
		Work:       m,
		HubCountry: "DE",
		NewBatch: func(_ *testing.T, s batch.Status, rows []storetest.JobRow) int64 {
			rs := make([]memory.RowRecord, len(rows))
			for i, r := range rows {
				rs[i] = memory.RowRecord{Valid: r.Valid, Draft: r.Draft}
			}
			return m.AddBatch(memory.BatchRecord{CustomerID: 7, HubCountry: "DE", Status: s}, rs)
		},
		SetStatus:  func(_ *testing.T, id int64, s batch.Status, f batch.Filter) { m.SetStatus(id, s, f) },
		SetChanged: func(_ *testing.T, id int64, position int) { m.SetChanged(id, position, true) },
		Snapshot: func(_ *testing.T, id int64) storetest.Snapshot {
			b, rows, ships, ex := m.Dump(id)
			snap := storetest.Snapshot{Status: b.Status, ErrorMessage: b.ErrorMessage, ErrorParams: b.ErrorParams, Processed: b.Processed, Total: b.Total,
				Manifest: b.Manifest, ManifestNumber: b.ManifestNumber, ManifestAt: b.ManifestAt}
			for _, r := range rows {
				snap.Changed = append(snap.Changed, r.Changed)
			}
			for _, s := range ships {
				snap.Shipments = append(snap.Shipments, storetest.Stored{ID: s.ID, Position: s.Position, Attempt: s.Attempt, Reference: s.Reference,
					State: s.State, Success: s.Success, ErrorMessage: s.ErrorMessage, ErrorParams: s.ErrorParams, Identifier: s.Identifier, Label: s.Label,
					ContentType: s.ContentType, LabelType: s.LabelType, CustomsDoc: s.CustomsDoc, Traffic: s.Traffic,
					SubmittedAt: s.SubmittedAt, ReceiverName: s.ReceiverName, Destination: s.Destination})
			}
			for _, e := range ex {
				snap.Exchanges = append(snap.Exchanges, storetest.KeptExchange{ShipmentID: e.ShipmentID, Exchange: e.Exchange})
			}
			return snap
		},
	}
}
