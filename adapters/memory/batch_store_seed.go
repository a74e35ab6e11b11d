package memory

import (
	"maps"
	"slices"
	"time"

	"parcelportal/core/batch"
	"parcelportal/core/carrier"
	"parcelportal/core/shipment"
)

// BatchRecord is a batch as a runner test seeds and reads it.
type BatchRecord struct {
	ID, CustomerID int64
	HubCountry     string
	Status         batch.Status
	LabelType      string
	Filter         batch.Filter
	// PreparedFor is the status whose job chose its shipments.
	PreparedFor    batch.Status
	Processed      int
	Total          int
	ErrorMessage   string
	ErrorParams    map[string]string
	Manifest       []byte
	ManifestNumber string
	ManifestAt     time.Time
}

// RowRecord is a grid row as a runner test seeds and reads it.
type RowRecord struct {
	ID, BatchID int64
	Position    int
	Valid       bool
	Changed     bool
	// Attempts is the highest label attempt given to the row's shipments.
	Attempts int
	Draft    shipment.Draft
}

// AddBatch stores a batch and its rows at positions 1, 2, ..., as an
// upload and a status change of the batch use cases would; it answers the
// batch id.
func (w *BatchWork) AddBatch(b BatchRecord, rows []RowRecord) int64 {
	s := w.s
	s.mu.Lock()
	defer s.mu.Unlock()
	if b.LabelType == "" {
		b.LabelType = carrier.LabelPDF
	}
	sb := &storedBatch{b: batch.Batch{ID: s.id(), CustomerID: b.CustomerID, Status: b.Status, LabelType: b.LabelType, JobFilter: b.Filter,
		Processed: b.Processed, Total: b.Total, ErrorMessage: b.ErrorMessage, ErrorParams: maps.Clone(b.ErrorParams), RowCount: len(rows)},
		manifest: slices.Clone(b.Manifest), manifestNumber: b.ManifestNumber, manifestAt: b.ManifestAt,
		preparedFor: b.PreparedFor, hubCountry: b.HubCountry}
	s.batches[sb.b.ID] = sb
	for i, r := range rows {
		id := s.id()
		s.rows[id] = &storedRow{ValidatedShipment: batch.ValidatedShipment{ID: id, BatchID: sb.b.ID, Position: i + 1, Changed: r.Changed,
			Validated: validatedOf(r.Draft, r.Valid)}, attempts: r.Attempts}
		if !r.Valid {
			sb.b.InvalidRows++
		}
	}
	return sb.b.ID
}

// SetStatus moves a batch as the batch use cases do when a job starts.
func (w *BatchWork) SetStatus(batchID int64, st batch.Status, f batch.Filter) {
	s := w.s
	s.mu.Lock()
	defer s.mu.Unlock()
	if sb := s.batches[batchID]; sb != nil {
		sb.b.Status, sb.b.JobFilter = st, f
	}
}

// row finds a batch's row at a position; s.mu is held.
func (s *BatchStore) row(batchID int64, position int) *storedRow {
	for _, r := range s.rows {
		if r.BatchID == batchID && r.Position == position {
			return r
		}
	}
	return nil
}

// SetChanged flags a row as edited after labelling, as a grid edit does.
func (w *BatchWork) SetChanged(batchID int64, position int, changed bool) {
	w.s.mu.Lock()
	defer w.s.mu.Unlock()
	if r := w.s.row(batchID, position); r != nil {
		r.Changed = changed
	}
}

// SetDraft replaces a row's values, as a grid edit does.
func (w *BatchWork) SetDraft(batchID int64, position int, d shipment.Draft) {
	w.s.mu.Lock()
	defer w.s.mu.Unlock()
	if r := w.s.row(batchID, position); r != nil {
		r.Validated = validatedOf(d, r.Valid)
	}
}

// Dump copies what is kept of a batch: the batch, its rows, shipments and
// exchanges, each by position or in order.
func (w *BatchWork) Dump(batchID int64) (BatchRecord, []RowRecord, []ShipmentRecord, []ExchangeRecord) {
	s := w.s
	s.mu.Lock()
	defer s.mu.Unlock()
	var b BatchRecord
	if sb := s.batches[batchID]; sb != nil {
		x := sb.b
		b = BatchRecord{ID: x.ID, CustomerID: x.CustomerID, HubCountry: sb.hubCountry, Status: x.Status, LabelType: x.LabelType, Filter: x.JobFilter,
			PreparedFor: sb.preparedFor, Processed: x.Processed, Total: x.Total, ErrorMessage: x.ErrorMessage, ErrorParams: maps.Clone(x.ErrorParams),
			Manifest: slices.Clone(sb.manifest), ManifestNumber: sb.manifestNumber, ManifestAt: sb.manifestAt}
	}
	var rows []RowRecord
	for position := 1; ; position++ {
		r := s.row(batchID, position)
		if r == nil {
			break
		}
		rows = append(rows, RowRecord{ID: r.ID, BatchID: r.BatchID, Position: r.Position, Valid: r.Valid, Changed: r.Changed,
			Attempts: r.attempts, Draft: r.Draft()})
	}
	var ships []ShipmentRecord
	for _, sh := range s.shipmentsOf(batchID) {
		ships = append(ships, *sh)
	}
	var ex []ExchangeRecord
	for _, e := range s.exchanges {
		if e.BatchID == batchID {
			ex = append(ex, e)
		}
	}
	return b, rows, ships, ex
}
