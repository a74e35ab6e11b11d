package memory

import (
	"cmp"
	"context"
	"maps"
	"slices"
	"sync"
	"time"

	"parcelportal/app/batches"
	"parcelportal/core/batch"
	"parcelportal/core/shipment"
)

// Batches keeps batches, their grid rows, shipments and traffic in memory.
// PutShipment, PutExchange and PutManifest write what the job runner
// writes, for tests of the reads.
type Batches struct {
	mu        sync.Mutex
	next      int64
	batches   map[int64]*storedBatch
	rows      map[int64]batch.ValidatedShipment
	shipments map[int64]StoredShipment
	exchanges []exchange
	// Now stamps new batches; the wall clock when nil.
	Now func() time.Time
}

type storedBatch struct {
	b          batch.Batch
	csv        []byte
	manifest   []byte
	manifestAt time.Time
}

// StoredShipment is a shipment with its documents and its last exchange.
type StoredShipment struct {
	batch.Shipment
	// Open: a job is labelling it (PENDING or SUBMITTING).
	Open         bool
	Label        []byte
	CustomsDoc   []byte
	SOAPRequest  string
	SOAPResponse string
	CreatedAt    time.Time
}

type exchange struct {
	batchID, shipmentID int64
	operation           string
	at                  time.Time
	request, response   string
}

// NewBatches returns an empty store.
func NewBatches() *Batches {
	return &Batches{batches: map[int64]*storedBatch{}, rows: map[int64]batch.ValidatedShipment{}, shipments: map[int64]StoredShipment{}}
}

func (m *Batches) id() int64 {
	m.next++
	return m.next
}

func (m *Batches) now() time.Time {
	if m.Now != nil {
		return m.Now().UTC()
	}
	return time.Now().UTC()
}

func cloneValidated(v shipment.Validated) shipment.Validated {
	out := shipment.Validated{Valid: v.Valid, Fields: make(map[string]shipment.Value, len(v.Fields))}
	for k, f := range v.Fields {
		out.Fields[k] = cloneValue(f)
	}
	for _, l := range v.OrderLines {
		line := make(map[string]shipment.Value, len(l))
		for k, f := range l {
			line[k] = cloneValue(f)
		}
		out.OrderLines = append(out.OrderLines, line)
	}
	return out
}

func cloneValue(v shipment.Value) shipment.Value {
	if v.Violations == nil {
		return v
	}
	vs := make([]shipment.Violation, len(v.Violations))
	for i, x := range v.Violations {
		vs[i] = shipment.Violation{Key: x.Key, Attributes: maps.Clone(x.Attributes)}
	}
	v.Violations = vs
	return v
}

func cloneRow(r batch.ValidatedShipment) batch.ValidatedShipment {
	r.Validated = cloneValidated(r.Validated)
	return r
}

// withCounts fills the counts from the shipments; m.mu is held.
func (m *Batches) withCounts(sb *storedBatch) batch.Batch {
	b := sb.b
	b.ErrorParams = maps.Clone(b.ErrorParams)
	c := batch.Counts{HasManifest: sb.manifest != nil}
	for _, s := range m.shipments {
		if s.BatchID != b.ID {
			continue
		}
		c.Shipments++
		if s.Label != nil && !s.Cancelled {
			c.Labelled++
		}
		if s.CustomsDoc != nil && !s.Cancelled {
			c.CustomsDocs++
		}
		if !s.Success && s.ErrorMessage != "" {
			c.ErrorShipments++
		}
		if m.rows[s.ValidatedShipmentID].Changed {
			c.ChangedShipments++
		}
		if s.Open {
			c.Open++
		}
	}
	b.Counts = c
	return b
}

// Create stores the batch and its rows.
func (m *Batches) Create(_ context.Context, b batch.Batch, csv []byte, rows []shipment.Validated) (batch.Batch, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	b.ID = m.id()
	b.CreatedAt = m.now()
	b.RowCount, b.InvalidRows, b.HasInvoice = len(rows), 0, false
	b.Counts = batch.Counts{}
	for i, r := range rows {
		id := m.id()
		m.rows[id] = batch.ValidatedShipment{ID: id, BatchID: b.ID, Position: i + 1, Validated: cloneValidated(r)}
		if !r.Valid {
			b.InvalidRows++
		}
		b.HasInvoice = b.HasInvoice || r.Draft().HasInvoice()
	}
	sb := &storedBatch{b: b, csv: slices.Clone(csv)}
	m.batches[b.ID] = sb
	return m.withCounts(sb), nil
}

// Get returns a batch with its counts.
func (m *Batches) Get(_ context.Context, id int64) (batch.Batch, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	sb, ok := m.batches[id]
	if !ok {
		return batch.Batch{}, batch.ErrNotFound
	}
	return m.withCounts(sb), nil
}

// List pages a customer's batches, newest first.
func (m *Batches) List(_ context.Context, customerID int64, page, size int) ([]batch.Batch, int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var all []batch.Batch
	for _, sb := range m.batches {
		if sb.b.CustomerID == customerID {
			all = append(all, m.withCounts(sb))
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
func (m *Batches) Update(_ context.Context, id int64, change func(*batch.Batch) error) (batch.Batch, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	sb, ok := m.batches[id]
	if !ok {
		return batch.Batch{}, batch.ErrNotFound
	}
	b := m.withCounts(sb)
	if err := change(&b); err != nil {
		return batch.Batch{}, err
	}
	s := &sb.b
	s.Status, s.SentAt, s.SentBy, s.SentByAdmin, s.LabelType, s.JobFilter = b.Status, b.SentAt, b.SentBy, b.SentByAdmin, b.LabelType, b.JobFilter
	s.Processed, s.Total, s.ErrorMessage, s.ErrorParams = b.Processed, b.Total, b.ErrorMessage, maps.Clone(b.ErrorParams)
	return m.withCounts(sb), nil
}

// Delete removes a batch with everything it holds, if allow agrees.
func (m *Batches) Delete(_ context.Context, id int64, allow func(batch.Batch) error) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	sb, ok := m.batches[id]
	if !ok {
		return batch.ErrNotFound
	}
	if err := allow(m.withCounts(sb)); err != nil {
		return err
	}
	delete(m.batches, id)
	maps.DeleteFunc(m.rows, func(_ int64, r batch.ValidatedShipment) bool { return r.BatchID == id })
	maps.DeleteFunc(m.shipments, func(_ int64, s StoredShipment) bool { return s.BatchID == id })
	m.exchanges = slices.DeleteFunc(m.exchanges, func(e exchange) bool { return e.batchID == id })
	return nil
}

// HasShippingHistory reports whether the customer has a batch or a shipment.
func (m *Batches) HasShippingHistory(_ context.Context, customerID int64) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, sb := range m.batches {
		if sb.b.CustomerID == customerID {
			return true, nil
		}
	}
	for _, s := range m.shipments {
		if s.CustomerID == customerID {
			return true, nil
		}
	}
	return false, nil
}

// Rows answers the batch's rows by position.
func (m *Batches) Rows(_ context.Context, batchID int64, onlyInvalid bool) ([]batch.ValidatedShipment, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := []batch.ValidatedShipment{}
	for _, r := range m.rows {
		if r.BatchID == batchID && (!onlyInvalid || !r.Valid) {
			out = append(out, cloneRow(r))
		}
	}
	slices.SortFunc(out, func(a, b batch.ValidatedShipment) int { return cmp.Compare(a.Position, b.Position) })
	return out, nil
}

// Row answers one row.
func (m *Batches) Row(_ context.Context, id int64) (batch.ValidatedShipment, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	r, ok := m.rows[id]
	if !ok {
		return batch.ValidatedShipment{}, batch.ErrRowNotFound
	}
	return cloneRow(r), nil
}

// UpdateRow changes a row through change and recomputes the batch's validity.
func (m *Batches) UpdateRow(_ context.Context, batchID, rowID int64, change func(batch.Batch, *batch.ValidatedShipment, bool) error) (batch.ValidatedShipment, batch.Batch, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	sb, ok := m.batches[batchID]
	if !ok {
		return batch.ValidatedShipment{}, batch.Batch{}, batch.ErrNotFound
	}
	stored, ok := m.rows[rowID]
	if !ok || stored.BatchID != batchID {
		return batch.ValidatedShipment{}, batch.Batch{}, batch.ErrRowNotFound
	}
	labelled := false
	for _, s := range m.shipments {
		labelled = labelled || (s.ValidatedShipmentID == rowID && s.Label != nil && !s.Cancelled)
	}
	r := cloneRow(stored)
	if err := change(m.withCounts(sb), &r, labelled); err != nil {
		return batch.ValidatedShipment{}, batch.Batch{}, err
	}
	r.ID, r.BatchID, r.Position = rowID, batchID, stored.Position
	m.rows[rowID] = cloneRow(r)
	sb.b.InvalidRows, sb.b.HasInvoice = 0, false
	for _, x := range m.rows {
		if x.BatchID == batchID {
			if !x.Valid {
				sb.b.InvalidRows++
			}
			sb.b.HasInvoice = sb.b.HasInvoice || x.Draft().HasInvoice()
		}
	}
	return r, m.withCounts(sb), nil
}

// shipmentOf completes a stored shipment with its row and batch; m.mu is held.
func (m *Batches) shipmentOf(s StoredShipment) batch.Shipment {
	out := s.Shipment
	out.ErrorParams = maps.Clone(s.ErrorParams)
	out.HasLabel, out.HasCustomsDoc = s.Label != nil, s.CustomsDoc != nil
	out.Changed = m.rows[s.ValidatedShipmentID].Changed
	if sb, ok := m.batches[s.BatchID]; ok {
		out.BatchStatus = sb.b.Status
	}
	return out
}

func matches(s batch.Shipment, f batch.Filter) bool {
	switch f {
	case batch.FilterChanged:
		return s.Changed
	case batch.FilterError:
		return !s.Success && s.ErrorMessage != ""
	}
	return true
}

// Shipments answers a page of a batch's or a customer's shipments.
func (m *Batches) Shipments(_ context.Context, q batches.ShipmentQuery) ([]batch.Shipment, int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	type entry struct {
		s  batch.Shipment
		at time.Time
	}
	var all []entry
	for _, st := range m.shipments {
		if (q.BatchID != 0 && st.BatchID != q.BatchID) || (q.CustomerID != 0 && st.CustomerID != q.CustomerID) {
			continue
		}
		if s := m.shipmentOf(st); matches(s, q.Filter) {
			all = append(all, entry{s, st.CreatedAt})
		}
	}
	slices.SortFunc(all, func(a, b entry) int {
		if q.BatchID != 0 {
			return cmp.Or(cmp.Compare(a.s.Position, b.s.Position), cmp.Compare(a.s.ID, b.s.ID))
		}
		return cmp.Or(b.at.Compare(a.at), cmp.Compare(b.s.ID, a.s.ID))
	})
	page := batchPage(all, q.Page, q.Size)
	out := make([]batch.Shipment, len(page))
	for i, e := range page {
		out[i] = e.s
	}
	return out, len(all), nil
}

// Shipment answers one shipment.
func (m *Batches) Shipment(_ context.Context, id int64) (batch.Shipment, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, ok := m.shipments[id]
	if !ok {
		return batch.Shipment{}, batch.ErrShipmentNotFound
	}
	return m.shipmentOf(s), nil
}

// ShipmentTraffic answers the shipment's last exchange.
func (m *Batches) ShipmentTraffic(_ context.Context, id int64) (string, string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, ok := m.shipments[id]
	if !ok {
		return "", "", batch.ErrShipmentNotFound
	}
	return s.SOAPRequest, s.SOAPResponse, nil
}

// DeleteShipment removes a shipment with its traffic, if allow agrees.
func (m *Batches) DeleteShipment(_ context.Context, id int64, allow func(batch.Batch, batch.Shipment) error) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, ok := m.shipments[id]
	if !ok {
		return batch.ErrShipmentNotFound
	}
	sb, ok := m.batches[s.BatchID]
	if !ok {
		return batch.ErrShipmentNotFound
	}
	if err := allow(m.withCounts(sb), m.shipmentOf(s)); err != nil {
		return err
	}
	delete(m.shipments, id)
	if r, ok := m.rows[s.ValidatedShipmentID]; ok {
		r.Changed = false
		m.rows[r.ID] = r
	}
	for i := range m.exchanges {
		if m.exchanges[i].shipmentID == id {
			m.exchanges[i].shipmentID = 0
		}
	}
	return nil
}

// CSV answers the file as uploaded.
func (m *Batches) CSV(_ context.Context, batchID int64) ([]byte, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	sb, ok := m.batches[batchID]
	if !ok {
		return nil, batch.ErrNotFound
	}
	return slices.Clone(sb.csv), nil
}

// Manifest answers the manifest document and when it was made.
func (m *Batches) Manifest(_ context.Context, batchID int64) ([]byte, time.Time, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	sb, ok := m.batches[batchID]
	if !ok {
		return nil, time.Time{}, batch.ErrNotFound
	}
	return slices.Clone(sb.manifest), sb.manifestAt, nil
}

// documents answers one kind of document of the batch's live shipments by position.
func (m *Batches) documents(batchID int64, doc func(StoredShipment) []byte) []batches.Document {
	m.mu.Lock()
	defer m.mu.Unlock()
	var list []StoredShipment
	for _, s := range m.shipments {
		if s.BatchID == batchID && !s.Cancelled && doc(s) != nil {
			list = append(list, s)
		}
	}
	slices.SortFunc(list, func(a, b StoredShipment) int {
		return cmp.Or(cmp.Compare(a.Position, b.Position), cmp.Compare(a.ID, b.ID))
	})
	out := []batches.Document{}
	for _, s := range list {
		out = append(out, batches.Document{ShipmentID: s.ID, LabelType: s.LabelType, ContentType: s.LabelContentType, Data: slices.Clone(doc(s))})
	}
	return out
}

// Labels answers the labels of the batch's live shipments.
func (m *Batches) Labels(_ context.Context, batchID int64) ([]batches.Document, error) {
	return m.documents(batchID, func(s StoredShipment) []byte { return s.Label }), nil
}

// CustomsDocs answers the customs documents of the batch's live shipments.
func (m *Batches) CustomsDocs(_ context.Context, batchID int64) ([]batches.Document, error) {
	docs := m.documents(batchID, func(s StoredShipment) []byte { return s.CustomsDoc })
	for i := range docs {
		docs[i].LabelType, docs[i].ContentType = "", "application/pdf"
	}
	return docs, nil
}

// Traffic answers the batch's requests or responses in order.
func (m *Batches) Traffic(_ context.Context, batchID int64, responses bool) ([]batches.Exchange, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := []batches.Exchange{}
	for _, e := range m.exchanges {
		s, ofShipment := m.shipments[e.shipmentID]
		if e.batchID != batchID && !(ofShipment && s.BatchID == batchID) {
			continue
		}
		x := batches.Exchange{Operation: e.operation, ShipmentID: e.shipmentID, At: e.at, Text: e.request}
		if responses {
			x.Text = e.response
		}
		out = append(out, x)
	}
	return out, nil
}

// ShipmentLabel answers one shipment's label.
func (m *Batches) ShipmentLabel(_ context.Context, id int64) (batches.Document, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, ok := m.shipments[id]
	if !ok {
		return batches.Document{}, batch.ErrShipmentNotFound
	}
	return batches.Document{ShipmentID: id, LabelType: s.LabelType, ContentType: s.LabelContentType, Data: slices.Clone(s.Label)}, nil
}

// PutShipment stores a shipment as the job runner would and returns its id.
func (m *Batches) PutShipment(s StoredShipment) int64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	if s.ID == 0 {
		s.ID = m.id()
	}
	if s.CreatedAt.IsZero() {
		s.CreatedAt = m.now()
	}
	s.Label, s.CustomsDoc, s.ErrorParams = slices.Clone(s.Label), slices.Clone(s.CustomsDoc), maps.Clone(s.ErrorParams)
	m.shipments[s.ID] = s
	return s.ID
}

// PutExchange records one SOAP exchange of a batch or of a shipment (0
// for the batch's own).
func (m *Batches) PutExchange(batchID, shipmentID int64, operation string, at time.Time, request, response string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.exchanges = append(m.exchanges, exchange{batchID: batchID, shipmentID: shipmentID, operation: operation, at: at.UTC(),
		request: request, response: response})
}

// PutManifest stores a batch's manifest document.
func (m *Batches) PutManifest(batchID int64, doc []byte, at time.Time) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if sb, ok := m.batches[batchID]; ok {
		sb.manifest, sb.manifestAt = slices.Clone(doc), at.UTC()
	}
}

// HubCountries answers hub countries from a fixed map; unknown hubs are in DE.
type HubCountries map[int64]string

// HubCountry names the hub's country.
func (h HubCountries) HubCountry(_ context.Context, hubID int64) (string, error) {
	if c, ok := h[hubID]; ok {
		return c, nil
	}
	return "DE", nil
}
