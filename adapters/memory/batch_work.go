package memory

import (
	"cmp"
	"context"
	"maps"
	"slices"
	"sync"
	"time"

	"parcelportal/app/batchjob"
	"parcelportal/core/batch"
	"parcelportal/core/carrier"
	"parcelportal/core/shipment"
)

// BatchRecord is a batch as BatchWork keeps it.
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

// RowRecord is a validated row of a batch.
type RowRecord struct {
	ID, BatchID int64
	Position    int
	Valid       bool
	Changed     bool
	// Attempts is the highest label attempt given to the row's shipments.
	Attempts int
	Draft    shipment.Draft
}

// ShipmentRecord is a shipment with every column a job writes.
type ShipmentRecord struct {
	ID, BatchID, RowID int64
	Position, Attempt  int
	Reference          string
	State              shipment.Status
	Success            bool
	ErrorMessage       string
	ErrorParams        map[string]string
	Identifier         string
	Label              []byte
	ContentType        string
	LabelType          string
	CustomsDoc         []byte
	Traffic            carrier.Traffic
	SubmittedAt        time.Time
	ReceiverName       string
	Destination        string
}

// ExchangeRecord is one kept carrier exchange; ShipmentID is 0 for the
// batch's own (manifests, labels of removed shipments).
type ExchangeRecord struct {
	BatchID, ShipmentID int64
	batchjob.Exchange
}

// BatchWork is the in-memory batchjob.Work: batches, their validated rows,
// shipments and carrier exchanges.
type BatchWork struct {
	mu        sync.Mutex
	next      int64
	batches   map[int64]*BatchRecord
	rows      map[int64]*RowRecord
	shipments map[int64]*ShipmentRecord
	exchanges []ExchangeRecord
	locks     map[int64]bool
}

// NewBatchWork returns an empty store.
func NewBatchWork() *BatchWork {
	return &BatchWork{batches: map[int64]*BatchRecord{}, rows: map[int64]*RowRecord{}, shipments: map[int64]*ShipmentRecord{}, locks: map[int64]bool{}}
}

var _ batchjob.Work = (*BatchWork)(nil)

// AddBatch stores a batch and its rows at positions 1, 2, ...; it answers the batch id.
func (m *BatchWork) AddBatch(b BatchRecord, rows []RowRecord) int64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.next++
	b.ID = m.next
	if b.LabelType == "" {
		b.LabelType = carrier.LabelPDF
	}
	m.batches[b.ID] = &b
	for i, r := range rows {
		m.next++
		r.ID, r.BatchID, r.Position, r.Draft = m.next, b.ID, i+1, cloneDraft(r.Draft)
		m.rows[r.ID] = &r
	}
	return b.ID
}

// SetStatus moves a batch as the batch use cases do when a job starts.
func (m *BatchWork) SetStatus(batchID int64, s batch.Status, f batch.Filter) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if b := m.batches[batchID]; b != nil {
		b.Status, b.Filter = s, f
	}
}

// SetChanged flags a row as edited after labelling, as a grid edit does.
func (m *BatchWork) SetChanged(batchID int64, position int, changed bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, r := range m.rows {
		if r.BatchID == batchID && r.Position == position {
			r.Changed = changed
		}
	}
}

// SetDraft replaces a row's values, as a grid edit does.
func (m *BatchWork) SetDraft(batchID int64, position int, d shipment.Draft) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, r := range m.rows {
		if r.BatchID == batchID && r.Position == position {
			r.Draft = cloneDraft(d)
		}
	}
}

// Dump copies what is kept of a batch: the batch, its rows, shipments and
// exchanges, each by position or in order.
func (m *BatchWork) Dump(batchID int64) (BatchRecord, []RowRecord, []ShipmentRecord, []ExchangeRecord) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var b BatchRecord
	if p := m.batches[batchID]; p != nil {
		b = *p
	}
	var rows []RowRecord
	for _, r := range m.rows {
		if r.BatchID == batchID {
			rows = append(rows, *r)
		}
	}
	slices.SortFunc(rows, func(x, y RowRecord) int { return cmp.Compare(x.Position, y.Position) })
	var ships []ShipmentRecord
	for _, s := range m.shipmentsOf(batchID) {
		ships = append(ships, *s)
	}
	var ex []ExchangeRecord
	for _, e := range m.exchanges {
		if e.BatchID == batchID {
			ex = append(ex, e)
		}
	}
	return b, rows, ships, ex
}

// Lock holds the batch until release; the lock does not outlive the process.
func (m *BatchWork) Lock(_ context.Context, batchID int64) (func(), error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.locks[batchID] {
		return nil, batchjob.ErrBusy
	}
	m.locks[batchID] = true
	var once sync.Once
	return func() {
		once.Do(func() {
			m.mu.Lock()
			defer m.mu.Unlock()
			delete(m.locks, batchID)
		})
	}, nil
}

// Batch reads what a job needs of the batch.
func (m *BatchWork) Batch(_ context.Context, batchID int64) (batchjob.Batch, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	b := m.batches[batchID]
	if b == nil {
		return batchjob.Batch{}, batch.ErrNotFound
	}
	return m.view(b), nil
}

func (m *BatchWork) view(b *BatchRecord) batchjob.Batch {
	manifests := 0
	for _, e := range m.exchanges {
		if e.BatchID == b.ID && e.Operation == batchjob.OpCreateManifest {
			manifests++
		}
	}
	return batchjob.Batch{ID: b.ID, CustomerID: b.CustomerID, Status: b.Status, LabelType: b.LabelType, Filter: b.Filter,
		Prepared: b.PreparedFor != "" && b.PreparedFor == b.Status, HubCountry: b.HubCountry, Manifests: manifests}
}

// Status reads the batch's status.
func (m *BatchWork) Status(_ context.Context, batchID int64) (batch.Status, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	b := m.batches[batchID]
	if b == nil {
		return "", batch.ErrNotFound
	}
	return b.Status, nil
}

func (m *BatchWork) shipmentsOf(batchID int64) []*ShipmentRecord {
	var out []*ShipmentRecord
	for _, s := range m.shipments {
		if s.BatchID == batchID {
			out = append(out, s)
		}
	}
	slices.SortFunc(out, func(x, y *ShipmentRecord) int { return cmp.Compare(x.Position, y.Position) })
	return out
}

// addMissing creates PENDING shipments for the batch's valid rows without one.
func (m *BatchWork) addMissing(batchID int64) int {
	has := map[int64]bool{}
	for _, s := range m.shipments {
		has[s.RowID] = true
	}
	added := 0
	for _, id := range slices.Sorted(maps.Keys(m.rows)) {
		r := m.rows[id]
		if r.BatchID != batchID || !r.Valid || has[r.ID] {
			continue
		}
		m.next++
		r.Attempts++
		m.shipments[m.next] = &ShipmentRecord{ID: m.next, BatchID: batchID, RowID: r.ID, Position: r.Position, Attempt: r.Attempts,
			Reference: batchjob.Reference(batchID, r.Position, r.Attempts), State: shipment.Pending,
			ReceiverName: r.Draft.Fields["name"], Destination: r.Draft.Fields["isoCountry"]}
		added++
	}
	return added
}

func (m *BatchWork) prepared(batchID int64) {
	b := m.batches[batchID]
	total := 0
	for _, s := range m.shipmentsOf(batchID) {
		if s.State == shipment.Pending || s.State == shipment.Submitting {
			total++
		}
	}
	b.Total, b.Processed, b.PreparedFor = total, 0, b.Status
}

// PrepareSend creates the shipments of the batch's valid rows.
func (m *BatchWork) PrepareSend(_ context.Context, batchID int64) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.batches[batchID] == nil {
		return batch.ErrNotFound
	}
	m.addMissing(batchID)
	m.prepared(batchID)
	return nil
}

// selects applies a shipment filter.
func (m *BatchWork) selects(s *ShipmentRecord, f batch.Filter) bool {
	switch f {
	case batch.FilterChanged:
		r := m.rows[s.RowID]
		return r != nil && r.Changed
	case batch.FilterError:
		return !s.Success && s.ErrorMessage != ""
	}
	return true
}

// again moves a shipment to the next attempt; a label still valid is kept
// to be voided first.
func (m *BatchWork) again(s *ShipmentRecord) {
	s.Attempt++
	s.Reference = batchjob.Reference(s.BatchID, s.Position, s.Attempt)
	if s.State == shipment.Cancelled {
		s.Identifier = ""
	}
	s.State, s.Success, s.ErrorMessage, s.ErrorParams = shipment.Pending, false, "", nil
	if r := m.rows[s.RowID]; r != nil {
		r.Changed, r.Attempts = false, max(r.Attempts, s.Attempt)
		s.ReceiverName, s.Destination = r.Draft.Fields["name"], r.Draft.Fields["isoCountry"]
	}
}

// PrepareResend moves the filter's shipments of valid rows to a new attempt.
func (m *BatchWork) PrepareResend(_ context.Context, batchID int64, f batch.Filter) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.batches[batchID] == nil {
		return batch.ErrNotFound
	}
	for _, s := range m.shipmentsOf(batchID) {
		if r := m.rows[s.RowID]; r != nil && r.Valid && m.selects(s, f) {
			m.again(s)
		}
	}
	if f == batch.FilterAll {
		m.addMissing(batchID)
	}
	m.prepared(batchID)
	return nil
}

// Begin records the size of a cancel, delete or manifest.
func (m *BatchWork) Begin(_ context.Context, batchID int64, total int) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	b := m.batches[batchID]
	if b == nil {
		return batch.ErrNotFound
	}
	b.Total, b.Processed, b.PreparedFor = total, 0, b.Status
	return nil
}

// PrepareOne moves one finished shipment of a valid row to a new attempt.
func (m *BatchWork) PrepareOne(_ context.Context, batchID, shipmentID int64) (batchjob.Shipment, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s := m.shipments[shipmentID]
	if s == nil || s.BatchID != batchID {
		return batchjob.Shipment{}, false, nil
	}
	r := m.rows[s.RowID]
	if r == nil || !r.Valid {
		return batchjob.Shipment{}, false, nil
	}
	if s.State != shipment.Pending && s.State != shipment.Submitting {
		m.again(s)
	}
	return m.job(s), true, nil
}

func (m *BatchWork) job(s *ShipmentRecord) batchjob.Shipment {
	var d shipment.Draft
	if r := m.rows[s.RowID]; r != nil {
		d = cloneDraft(r.Draft)
	}
	life, err := shipment.Restore(s.ID, s.Attempt, s.Reference, s.State, s.Identifier, d)
	if err != nil {
		panic(err) // the fake only keeps shipments its own methods made
	}
	return batchjob.Shipment{BatchID: s.BatchID, Position: s.Position, Success: s.Success, Shipment: life}
}

func cloneDraft(d shipment.Draft) shipment.Draft {
	c := shipment.Draft{Fields: maps.Clone(d.Fields)}
	for _, l := range d.OrderLines {
		c.OrderLines = append(c.OrderLines, maps.Clone(l))
	}
	return c
}

// Open lists the PENDING and SUBMITTING shipments.
func (m *BatchWork) Open(_ context.Context, batchID int64) ([]batchjob.Shipment, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []batchjob.Shipment
	for _, s := range m.shipmentsOf(batchID) {
		if s.State == shipment.Pending || s.State == shipment.Submitting {
			out = append(out, m.job(s))
		}
	}
	return out, nil
}

// Selected lists the shipments the filter selects.
func (m *BatchWork) Selected(_ context.Context, batchID int64, f batch.Filter) ([]batchjob.Shipment, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []batchjob.Shipment
	for _, s := range m.shipmentsOf(batchID) {
		if m.selects(s, f) {
			out = append(out, m.job(s))
		}
	}
	return out, nil
}

// Get reads one shipment of the batch.
func (m *BatchWork) Get(_ context.Context, batchID, shipmentID int64) (batchjob.Shipment, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s := m.shipments[shipmentID]
	if s == nil || s.BatchID != batchID {
		return batchjob.Shipment{}, false, nil
	}
	return m.job(s), true, nil
}

// Submitting marks a PENDING shipment SUBMITTING.
func (m *BatchWork) Submitting(_ context.Context, shipmentID int64) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if s := m.shipments[shipmentID]; s != nil && s.State == shipment.Pending {
		s.State = shipment.Submitting
	}
	return nil
}

func (m *BatchWork) log(batchID, shipmentID int64, ex []batchjob.Exchange) {
	for _, e := range ex {
		m.exchanges = append(m.exchanges, ExchangeRecord{BatchID: batchID, ShipmentID: shipmentID, Exchange: e})
	}
}

// count counts a shipment as processed by the batch's running job (not by
// one that was stopped, nor by a single-shipment job).
func (m *BatchWork) count(batchID int64) {
	if b := m.batches[batchID]; b != nil && b.PreparedFor == b.Status {
		b.Processed++
	}
}

// Voided clears an earlier attempt's label.
func (m *BatchWork) Voided(_ context.Context, shipmentID int64, ex []batchjob.Exchange) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	s := m.shipments[shipmentID]
	if s == nil {
		return nil
	}
	s.Identifier, s.Label, s.ContentType, s.CustomsDoc = "", nil, "", nil
	m.log(s.BatchID, s.ID, ex)
	return nil
}

// Finish writes an outcome.
func (m *BatchWork) Finish(_ context.Context, o batchjob.Outcome) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	s := m.shipments[o.ShipmentID]
	if s == nil {
		return nil
	}
	s.State = o.State
	switch o.State {
	case shipment.Done:
		s.Success, s.ErrorMessage, s.ErrorParams, s.Identifier = true, "", nil, o.Label.Identifier
		s.Label, s.ContentType, s.CustomsDoc = slices.Clone(o.Label.Label), o.Label.ContentType, slices.Clone(o.Label.CustomsDoc)
		s.LabelType, s.Traffic, s.SubmittedAt = o.LabelType, o.Traffic, o.At
	case shipment.Failed:
		s.Success, s.ErrorMessage, s.ErrorParams, s.Traffic = false, o.ErrorMessage, maps.Clone(o.ErrorParams), o.Traffic
	case shipment.Cancelled:
		s.ErrorMessage, s.ErrorParams = "", nil
	}
	m.log(s.BatchID, s.ID, o.Exchanges)
	m.count(s.BatchID)
	return nil
}

// Unfinished notes why a shipment stays as it is.
func (m *BatchWork) Unfinished(_ context.Context, o batchjob.Outcome) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	s := m.shipments[o.ShipmentID]
	if s == nil {
		return nil
	}
	s.ErrorMessage, s.ErrorParams = o.ErrorMessage, maps.Clone(o.ErrorParams)
	m.log(s.BatchID, s.ID, o.Exchanges)
	m.count(s.BatchID)
	return nil
}

// Remove deletes a shipment and keeps its exchanges with the batch.
func (m *BatchWork) Remove(_ context.Context, batchID, shipmentID int64, ex []batchjob.Exchange) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	s := m.shipments[shipmentID]
	if s == nil || s.BatchID != batchID {
		return nil
	}
	delete(m.shipments, shipmentID)
	if r := m.rows[s.RowID]; r != nil {
		r.Changed = false
	}
	for i := range m.exchanges {
		if m.exchanges[i].ShipmentID == shipmentID {
			m.exchanges[i].ShipmentID = 0
		}
	}
	m.log(batchID, 0, ex)
	m.count(batchID)
	return nil
}

// Labelled lists the identifiers of DONE shipments.
func (m *BatchWork) Labelled(_ context.Context, batchID int64) ([]string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var ids []string
	for _, s := range m.shipmentsOf(batchID) {
		if s.State == shipment.Done && s.Identifier != "" {
			ids = append(ids, s.Identifier)
		}
	}
	return ids, nil
}

// SaveManifest keeps the manifest on the batch.
func (m *BatchWork) SaveManifest(_ context.Context, batchID int64, mf carrier.Manifest, at time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	b := m.batches[batchID]
	if b == nil {
		return batch.ErrNotFound
	}
	b.Manifest, b.ManifestNumber, b.ManifestAt, b.Processed = slices.Clone(mf.Document), mf.Number, at, b.Total
	return nil
}

// Log keeps exchanges of the batch.
func (m *BatchWork) Log(_ context.Context, batchID int64, ex []batchjob.Exchange) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.log(batchID, 0, ex)
	return nil
}

// Succeeded counts DONE shipments.
func (m *BatchWork) Succeeded(_ context.Context, batchID int64) (int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	n := 0
	for _, s := range m.shipmentsOf(batchID) {
		if s.State == shipment.Done {
			n++
		}
	}
	return n, nil
}

// Settle moves the batch on if it is still in from.
func (m *BatchWork) Settle(_ context.Context, batchID int64, from, to batch.Status, message string, params map[string]string) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	b := m.batches[batchID]
	if b == nil || b.Status != from {
		return false, nil
	}
	b.Status, b.ErrorMessage, b.ErrorParams, b.PreparedFor = to, message, maps.Clone(params), ""
	return true, nil
}

// Idle lists batches in a job's status that nobody holds.
func (m *BatchWork) Idle(context.Context) ([]batchjob.Batch, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []batchjob.Batch
	for _, id := range slices.Sorted(maps.Keys(m.batches)) {
		if b := m.batches[id]; b.Status.InProgress() && !m.locks[id] {
			out = append(out, m.view(b))
		}
	}
	return out, nil
}
