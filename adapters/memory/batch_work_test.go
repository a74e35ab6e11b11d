package memory_test

import (
	"testing"

	"parcelportal/adapters/memory"
	"parcelportal/app/batchjob/worktest"
	"parcelportal/core/batch"
)

func TestBatchWorkContract(t *testing.T) {
	worktest.Contract(t, memoryFixture)
}

// memoryFixture is the work contract's fixture of the in-memory fake. It
// lives here, not in worktest, because app imports no adapters.
func memoryFixture(*testing.T) worktest.Fixture {
	m := memory.NewBatchStore().Work
	return worktest.Fixture{
		Work:       m,
		HubCountry: "DE",
		NewBatch: func(_ *testing.T, s batch.Status, rows []worktest.Row) int64 {
			rs := make([]memory.RowRecord, len(rows))
			for i, r := range rows {
				rs[i] = memory.RowRecord{Valid: r.Valid, Draft: r.Draft}
			}
			return m.AddBatch(memory.BatchRecord{CustomerID: 7, HubCountry: "DE", Status: s}, rs)
		},
		SetStatus:  func(_ *testing.T, id int64, s batch.Status, f batch.Filter) { m.SetStatus(id, s, f) },
		SetChanged: func(_ *testing.T, id int64, position int) { m.SetChanged(id, position, true) },
		Snapshot: func(_ *testing.T, id int64) worktest.Snapshot {
			b, rows, ships, ex := m.Dump(id)
			snap := worktest.Snapshot{Status: b.Status, ErrorMessage: b.ErrorMessage, ErrorParams: b.ErrorParams, Processed: b.Processed, Total: b.Total,
				Manifest: b.Manifest, ManifestNumber: b.ManifestNumber, ManifestAt: b.ManifestAt}
			for _, r := range rows {
				snap.Changed = append(snap.Changed, r.Changed)
			}
			for _, s := range ships {
				snap.Shipments = append(snap.Shipments, worktest.Stored{ID: s.ID, Position: s.Position, Attempt: s.Attempt, Reference: s.Reference,
					State: s.State, Success: s.Success, ErrorMessage: s.ErrorMessage, ErrorParams: s.ErrorParams, Identifier: s.Identifier, Label: s.Label,
					ContentType: s.ContentType, LabelType: s.LabelType, CustomsDoc: s.CustomsDoc, Traffic: s.Traffic,
					SubmittedAt: s.SubmittedAt, ReceiverName: s.ReceiverName, Destination: s.Destination})
			}
			for _, e := range ex {
				snap.Exchanges = append(snap.Exchanges, worktest.Exchange{ShipmentID: e.ShipmentID, Exchange: e.Exchange})
			}
			return snap
		},
	}
}
