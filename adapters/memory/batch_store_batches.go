package memory

import (
	"cmp"
	"context"
	"maps"
	"slices"

	"parcelportal/app/batches"
	"parcelportal/core/batch"
	"parcelportal/core/shipment"
)

// Batches is the BatchStore as the batch use cases see it: every port of
// batches.Service, and the customers' shipping history.
type Batches struct{ s *BatchStore }

var (
	_ batches.Batches   = (*Batches)(nil)
	_ batches.Rows      = (*Batches)(nil)
	_ batches.Shipments = (*Batches)(nil)
	_ batches.Documents = (*Batches)(nil)
	_ batches.Exchanges = (*Batches)(nil)
)

// withCounts fills the counts from the shipments; s.mu is held.
func (s *BatchStore) withCounts(sb *storedBatch) batch.Batch {
	b := sb.b
	b.ErrorParams = maps.Clone(b.ErrorParams)
	c := batch.Counts{HasManifest: sb.manifest != nil}
	for _, sh := range s.shipmentsOf(b.ID) {
		cancelled := sh.State == shipment.Cancelled
		c.Shipments++
		if sh.Label != nil && !cancelled {
			c.Labelled++
		}
		if sh.CustomsDoc != nil && !cancelled {
			c.CustomsDocs++
		}
		if !sh.Success && sh.ErrorMessage != "" {
			c.ErrorShipments++
		}
		if s.changed(sh) {
			c.ChangedShipments++
		}
		if sh.State.Open() {
			c.Open++
		}
	}
	b.Counts = c
	return b
}

// Create stores the batch and its rows.
func (m *Batches) Create(_ context.Context, b batch.Batch, csv []byte, rows []shipment.Validated) (batch.Batch, error) {
	s := m.s
	s.mu.Lock()
	defer s.mu.Unlock()
	b.ID = s.id()
	b.CreatedAt = s.Now.UTC()
	b.RowCount, b.InvalidRows, b.HasInvoice = len(rows), 0, false
	b.Counts = batch.Counts{}
	for i, r := range rows {
		id := s.id()
		s.rows[id] = &storedRow{ValidatedShipment: batch.ValidatedShipment{ID: id, BatchID: b.ID, Position: i + 1, Validated: cloneValidated(r)}}
		if !r.Valid {
			b.InvalidRows++
		}
		b.HasInvoice = b.HasInvoice || r.Draft().HasInvoice()
	}
	sb := &storedBatch{b: b, csv: slices.Clone(csv), hubCountry: s.hubCountry(b.CustomerID)}
	s.batches[b.ID] = sb
	return s.withCounts(sb), nil
}

// Get returns a batch with its counts.
func (m *Batches) Get(_ context.Context, id int64) (b batch.Batch, err error) {
	err = m.s.withBatch(id, func(sb *storedBatch) error {
		b = m.s.withCounts(sb)
		return nil
	})
	return b, err
}

// List pages a customer's batches, newest first.
func (m *Batches) List(_ context.Context, customerID int64, page, size int) ([]batch.Batch, int, error) {
	s := m.s
	s.mu.Lock()
	defer s.mu.Unlock()
	var all []batch.Batch
	for _, sb := range s.batches {
		if sb.b.CustomerID == customerID {
			all = append(all, s.withCounts(sb))
		}
	}
	slices.SortFunc(all, func(a, b batch.Batch) int {
		return cmp.Or(b.CreatedAt.Compare(a.CreatedAt), cmp.Compare(b.ID, a.ID))
	})
	return batchPage(all, page, size), len(all), nil
}

func batchPage[T any](all []T, page, size int) []T {
	size = max(size, 1)
	from := min(max(page, 0)*size, len(all))
	return all[from:min(from+size, len(all))]
}

// Update changes the batch's job fields through change, all or nothing.
func (m *Batches) Update(_ context.Context, id int64, change func(*batch.Batch) error) (saved batch.Batch, err error) {
	err = m.s.withBatch(id, func(sb *storedBatch) error {
		b := m.s.withCounts(sb)
		if err := change(&b); err != nil {
			return err
		}
		x := &sb.b
		x.Status, x.SentAt, x.SentBy, x.SentByAdmin, x.LabelType, x.JobFilter = b.Status, b.SentAt, b.SentBy, b.SentByAdmin, b.LabelType, b.JobFilter
		x.Processed, x.Total, x.ErrorMessage, x.ErrorParams = b.Processed, b.Total, b.ErrorMessage, maps.Clone(b.ErrorParams)
		saved = m.s.withCounts(sb)
		return nil
	})
	return saved, err
}

// Delete removes a batch with everything it holds, if allow agrees.
func (m *Batches) Delete(_ context.Context, id int64, allow func(batch.Batch) error) error {
	s := m.s
	return s.withBatch(id, func(sb *storedBatch) error {
		if err := allow(s.withCounts(sb)); err != nil {
			return err
		}
		delete(s.batches, id)
		maps.DeleteFunc(s.rows, func(_ int64, r *storedRow) bool { return r.BatchID == id })
		maps.DeleteFunc(s.shipments, func(_ int64, sh *ShipmentRecord) bool { return sh.BatchID == id })
		s.exchanges = slices.DeleteFunc(s.exchanges, func(e ExchangeRecord) bool { return e.BatchID == id })
		return nil
	})
}

// HasShippingHistory reports whether the customer has a batch or a shipment.
func (m *Batches) HasShippingHistory(_ context.Context, customerID int64) (bool, error) {
	s := m.s
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, sb := range s.batches {
		if sb.b.CustomerID == customerID {
			return true, nil
		}
	}
	for _, sh := range s.shipments {
		if sh.CustomerID == customerID {
			return true, nil
		}
	}
	return false, nil
}

// Rows answers the batch's rows by position.
func (m *Batches) Rows(_ context.Context, batchID int64, onlyInvalid bool) ([]batch.ValidatedShipment, error) {
	s := m.s
	s.mu.Lock()
	defer s.mu.Unlock()
	out := []batch.ValidatedShipment{}
	for _, r := range s.rows {
		if r.BatchID == batchID && (!onlyInvalid || !r.Valid) {
			out = append(out, cloneRow(r.ValidatedShipment))
		}
	}
	slices.SortFunc(out, func(a, b batch.ValidatedShipment) int { return cmp.Compare(a.Position, b.Position) })
	return out, nil
}

// RowPage answers a page of the batch's rows by position, their total and
// the most order lines of any row of the batch.
func (m *Batches) RowPage(ctx context.Context, q batches.RowQuery) (batches.RowPage, error) {
	rows, err := m.Rows(ctx, q.BatchID, q.OnlyInvalid)
	if err != nil {
		return batches.RowPage{}, err
	}
	all, err := m.Rows(ctx, q.BatchID, false)
	if err != nil {
		return batches.RowPage{}, err
	}
	page := batches.RowPage{Total: len(rows), Rows: []batch.ValidatedShipment{}}
	for _, r := range all {
		page.MaxOrderLines = max(page.MaxOrderLines, len(r.OrderLines))
	}
	page.Rows = append(page.Rows, pageOf(rows, q.Page, q.Size)...)
	return page, nil
}

// Row answers one row.
func (m *Batches) Row(_ context.Context, id int64) (batch.ValidatedShipment, error) {
	s := m.s
	s.mu.Lock()
	defer s.mu.Unlock()
	r, ok := s.rows[id]
	if !ok {
		return batch.ValidatedShipment{}, batch.ErrRowNotFound
	}
	return cloneRow(r.ValidatedShipment), nil
}

// UpdateRow changes a row through change and recomputes the batch's validity.
func (m *Batches) UpdateRow(_ context.Context, batchID, rowID int64, change func(batch.Batch, *batch.ValidatedShipment, bool) error) (batch.ValidatedShipment, batch.Batch, error) {
	s := m.s
	s.mu.Lock()
	defer s.mu.Unlock()
	sb, ok := s.batches[batchID]
	if !ok {
		return batch.ValidatedShipment{}, batch.Batch{}, batch.ErrNotFound
	}
	stored, ok := s.rows[rowID]
	if !ok || stored.BatchID != batchID {
		return batch.ValidatedShipment{}, batch.Batch{}, batch.ErrRowNotFound
	}
	labelled := false
	for _, sh := range s.shipments {
		labelled = labelled || (sh.RowID == rowID && sh.Label != nil && sh.State != shipment.Cancelled)
	}
	r := cloneRow(stored.ValidatedShipment)
	if err := change(s.withCounts(sb), &r, labelled); err != nil {
		return batch.ValidatedShipment{}, batch.Batch{}, err
	}
	r.ID, r.BatchID, r.Position = rowID, batchID, stored.Position
	stored.ValidatedShipment = cloneRow(r)
	sb.b.InvalidRows, sb.b.HasInvoice = 0, false
	for _, x := range s.rows {
		if x.BatchID == batchID {
			if !x.Valid {
				sb.b.InvalidRows++
			}
			sb.b.HasInvoice = sb.b.HasInvoice || x.Draft().HasInvoice()
		}
	}
	return r, s.withCounts(sb), nil
}
