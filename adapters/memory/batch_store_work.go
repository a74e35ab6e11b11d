package memory

import (
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

// BatchWork is the BatchStore as the batch job runner sees it: every port
// of batchjob.Ports. Shipments are made (shipment.New), tried again
// (Retry) and submitted (Submit) through their core/shipment transitions;
// Finish writes the status the runner's transition reached.
type BatchWork struct{ s *BatchStore }

var _ = batchjob.PortsOf[*BatchWork](nil)

// Lock holds the batch until release; the lock does not outlive the process.
func (w *BatchWork) Lock(_ context.Context, batchID int64) (func(), error) {
	s := w.s
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.locks[batchID] {
		return nil, batchjob.ErrBusy
	}
	s.locks[batchID] = true
	var once sync.Once
	return func() {
		once.Do(func() {
			s.mu.Lock()
			defer s.mu.Unlock()
			delete(s.locks, batchID)
		})
	}, nil
}

// Batch reads what a job needs of the batch.
func (w *BatchWork) Batch(_ context.Context, batchID int64) (b batchjob.Batch, err error) {
	err = w.s.withBatch(batchID, func(sb *storedBatch) error {
		b = w.s.jobView(sb)
		return nil
	})
	return b, err
}

// jobView is a batch as a job reads it; s.mu is held.
func (s *BatchStore) jobView(sb *storedBatch) batchjob.Batch {
	manifests := 0
	for _, e := range s.exchanges {
		if e.BatchID == sb.b.ID && e.Operation == batchjob.OpCreateManifest {
			manifests++
		}
	}
	b := sb.b
	return batchjob.Batch{ID: b.ID, CustomerID: b.CustomerID, Status: b.Status, LabelType: b.LabelType, Filter: b.JobFilter,
		Prepared: sb.preparedFor != "" && sb.preparedFor == b.Status, HubCountry: sb.hubCountry, Manifests: manifests}
}

// Status reads the batch's status.
func (w *BatchWork) Status(_ context.Context, batchID int64) (status batch.Status, err error) {
	err = w.s.withBatch(batchID, func(sb *storedBatch) error {
		status = sb.b.Status
		return nil
	})
	return status, err
}

// addMissing makes a PENDING shipment (shipment.New) of every valid row of
// the batch without one; s.mu is held.
func (s *BatchStore) addMissing(sb *storedBatch) {
	has := map[int64]bool{}
	for _, sh := range s.shipments {
		has[sh.RowID] = true
	}
	for _, id := range slices.Sorted(maps.Keys(s.rows)) {
		r := s.rows[id]
		if r.BatchID != sb.b.ID || has[r.ID] {
			continue
		}
		made, err := shipment.New(r.Validated, r.attempts+1, batchjob.Reference(sb.b.ID, r.Position, r.attempts+1))
		if err != nil {
			continue // an invalid row is not sent
		}
		r.attempts = made.Attempt
		sh := &ShipmentRecord{ID: s.id(), BatchID: sb.b.ID, CustomerID: sb.b.CustomerID, RowID: r.ID, Position: r.Position,
			Attempt: made.Attempt, Reference: made.Reference, State: made.Status(), CreatedAt: s.Now.UTC()}
		summarise(sh, made.Draft)
		s.shipments[sh.ID] = sh
	}
}

// prepared records that the job of the batch's status chose its shipments:
// the open ones; s.mu is held.
func (s *BatchStore) prepared(sb *storedBatch) {
	total := 0
	for _, sh := range s.shipmentsOf(sb.b.ID) {
		if sh.State.Open() {
			total++
		}
	}
	sb.b.Total, sb.b.Processed, sb.preparedFor = total, 0, sb.b.Status
}

// PrepareSend creates the shipments of the batch's valid rows.
func (w *BatchWork) PrepareSend(_ context.Context, batchID int64) error {
	return w.s.withBatch(batchID, func(sb *storedBatch) error {
		w.s.addMissing(sb)
		w.s.prepared(sb)
		return nil
	})
}

// selects applies a shipment filter; s.mu is held.
func (s *BatchStore) selects(sh *ShipmentRecord, f batch.Filter) bool {
	switch f {
	case batch.FilterChanged:
		return s.changed(sh)
	case batch.FilterError:
		return !sh.Success && sh.ErrorMessage != ""
	}
	return true
}

// life is a stored shipment as core/shipment knows it; s.mu is held.
func (s *BatchStore) life(sh *ShipmentRecord) (shipment.Shipment, error) {
	var d shipment.Draft
	if r := s.rows[sh.RowID]; r != nil {
		d = r.Draft()
	}
	return shipment.Restore(sh.ID, sh.Attempt, sh.Reference, sh.State, sh.Identifier, d)
}

// again moves a finished shipment to its next attempt (shipment.Retry):
// a label still valid is kept to be voided first; s.mu is held.
func (s *BatchStore) again(sh *ShipmentRecord) error {
	life, err := s.life(sh)
	if err != nil {
		return err
	}
	if err := life.Retry(func(attempt int) string { return batchjob.Reference(sh.BatchID, sh.Position, attempt) }); err != nil {
		return err
	}
	sh.Attempt, sh.Reference, sh.State, sh.Identifier = life.Attempt, life.Reference, life.Status(), life.Identifier()
	sh.Success, sh.ErrorMessage, sh.ErrorParams = false, "", nil
	if r := s.rows[sh.RowID]; r != nil {
		r.Changed, r.attempts = false, max(r.attempts, sh.Attempt)
		summarise(sh, r.Draft())
	}
	return nil
}

// PrepareResend moves the filter's shipments of valid rows to a new attempt.
func (w *BatchWork) PrepareResend(_ context.Context, batchID int64, f batch.Filter) error {
	s := w.s
	return s.withBatch(batchID, func(sb *storedBatch) error {
		for _, sh := range s.shipmentsOf(batchID) {
			if r := s.rows[sh.RowID]; r != nil && r.Valid && s.selects(sh, f) && !sh.State.Open() {
				if err := s.again(sh); err != nil {
					return err
				}
			}
		}
		if f == batch.FilterAll {
			s.addMissing(sb)
		}
		s.prepared(sb)
		return nil
	})
}

// Begin records the size of a cancel, delete or manifest.
func (w *BatchWork) Begin(_ context.Context, batchID int64, total int) error {
	return w.s.withBatch(batchID, func(sb *storedBatch) error {
		sb.b.Total, sb.b.Processed, sb.preparedFor = total, 0, sb.b.Status
		return nil
	})
}

// PrepareOne moves one finished shipment of a valid row to a new attempt.
func (w *BatchWork) PrepareOne(_ context.Context, batchID, shipmentID int64) (batchjob.Shipment, bool, error) {
	return w.s.oneOf(batchID, shipmentID, func(sh *ShipmentRecord) (bool, error) {
		if r := w.s.rows[sh.RowID]; r == nil || !r.Valid {
			return false, nil
		}
		if sh.State.Open() {
			return true, nil
		}
		return true, w.s.again(sh)
	})
}

// oneOf reads one shipment of the batch as a job works on it, after
// prepare (optional) has moved it; ok is false when the batch has no such
// shipment or prepare says so.
func (s *BatchStore) oneOf(batchID, shipmentID int64, prepare func(*ShipmentRecord) (bool, error)) (batchjob.Shipment, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	sh := s.shipments[shipmentID]
	if sh == nil || sh.BatchID != batchID {
		return batchjob.Shipment{}, false, nil
	}
	if prepare != nil {
		if ok, err := prepare(sh); !ok || err != nil {
			return batchjob.Shipment{}, false, err
		}
	}
	j, err := s.job(sh)
	return j, err == nil, err
}

// job is a stored shipment as a job works on it; s.mu is held.
func (s *BatchStore) job(sh *ShipmentRecord) (batchjob.Shipment, error) {
	life, err := s.life(sh)
	return batchjob.Shipment{BatchID: sh.BatchID, Position: sh.Position, Success: sh.Success, Shipment: life}, err
}

// jobs lists the batch's shipments that keep, as jobs work on them; s.mu is held.
func (s *BatchStore) jobs(batchID int64, keep func(*ShipmentRecord) bool) ([]batchjob.Shipment, error) {
	var out []batchjob.Shipment
	for _, sh := range s.shipmentsOf(batchID) {
		if keep(sh) {
			j, err := s.job(sh)
			if err != nil {
				return nil, err
			}
			out = append(out, j)
		}
	}
	return out, nil
}

// Open lists the PENDING and SUBMITTING shipments.
func (w *BatchWork) Open(_ context.Context, batchID int64) ([]batchjob.Shipment, error) {
	w.s.mu.Lock()
	defer w.s.mu.Unlock()
	return w.s.jobs(batchID, func(sh *ShipmentRecord) bool { return sh.State.Open() })
}

// Selected lists the shipments the filter selects.
func (w *BatchWork) Selected(_ context.Context, batchID int64, f batch.Filter) ([]batchjob.Shipment, error) {
	w.s.mu.Lock()
	defer w.s.mu.Unlock()
	return w.s.jobs(batchID, func(sh *ShipmentRecord) bool { return w.s.selects(sh, f) })
}

// Get reads one shipment of the batch.
func (w *BatchWork) Get(_ context.Context, batchID, shipmentID int64) (batchjob.Shipment, bool, error) {
	return w.s.oneOf(batchID, shipmentID, nil)
}

// Submitting marks a PENDING shipment SUBMITTING.
func (w *BatchWork) Submitting(_ context.Context, shipmentID int64) error {
	s := w.s
	s.mu.Lock()
	defer s.mu.Unlock()
	sh := s.shipments[shipmentID]
	if sh == nil || sh.State != shipment.Pending {
		return nil
	}
	life, err := s.life(sh)
	if err != nil {
		return err
	}
	if err := life.Submit(); err != nil {
		return err
	}
	sh.State = life.Status()
	return nil
}

// log keeps exchanges; s.mu is held.
func (s *BatchStore) log(batchID, shipmentID int64, at time.Time, ex []batchjob.Exchange) {
	for _, e := range ex {
		s.exchanges = append(s.exchanges, ExchangeRecord{BatchID: batchID, ShipmentID: shipmentID, At: at, Exchange: e})
	}
}

// count counts a shipment as processed by the batch's running job (not by
// one that was stopped, nor by a single-shipment job); s.mu is held.
func (s *BatchStore) count(batchID int64) {
	if sb := s.batches[batchID]; sb != nil && sb.preparedFor == sb.b.Status {
		sb.b.Processed++
	}
}

// Voided clears an earlier attempt's label.
func (w *BatchWork) Voided(_ context.Context, shipmentID int64, ex []batchjob.Exchange) error {
	s := w.s
	s.mu.Lock()
	defer s.mu.Unlock()
	sh := s.shipments[shipmentID]
	if sh == nil {
		return nil
	}
	sh.Identifier, sh.Label, sh.ContentType, sh.CustomsDoc = "", nil, "", nil
	s.log(sh.BatchID, sh.ID, s.Now.UTC(), ex)
	return nil
}

// Finish writes an outcome.
func (w *BatchWork) Finish(_ context.Context, o batchjob.Outcome) error {
	return w.s.record(o, func(sh *ShipmentRecord) {
		sh.State = o.State
		switch o.State {
		case shipment.Done:
			sh.Success, sh.ErrorMessage, sh.ErrorParams, sh.Identifier = true, "", nil, o.Label.Identifier
			sh.Label, sh.ContentType, sh.CustomsDoc = slices.Clone(o.Label.Label), o.Label.ContentType, slices.Clone(o.Label.CustomsDoc)
			sh.LabelType, sh.Traffic, sh.SubmittedAt = o.LabelType, o.Traffic, o.At
		case shipment.Failed:
			sh.Success, sh.ErrorMessage, sh.ErrorParams, sh.Traffic = false, o.ErrorMessage, maps.Clone(o.ErrorParams), o.Traffic
		case shipment.Cancelled:
			sh.ErrorMessage, sh.ErrorParams = "", nil
		}
	})
}

// record writes what became of a shipment, keeps the outcome's exchanges
// and counts the shipment as processed; a shipment that is gone is no error.
func (s *BatchStore) record(o batchjob.Outcome, write func(*ShipmentRecord)) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	sh := s.shipments[o.ShipmentID]
	if sh == nil {
		return nil
	}
	write(sh)
	s.log(sh.BatchID, sh.ID, o.At, o.Exchanges)
	s.count(sh.BatchID)
	return nil
}

// Unfinished notes why a shipment stays as it is.
func (w *BatchWork) Unfinished(_ context.Context, o batchjob.Outcome) error {
	return w.s.record(o, func(sh *ShipmentRecord) {
		sh.ErrorMessage, sh.ErrorParams = o.ErrorMessage, maps.Clone(o.ErrorParams)
	})
}

// Remove deletes a shipment and keeps its exchanges with the batch.
func (w *BatchWork) Remove(_ context.Context, batchID, shipmentID int64, ex []batchjob.Exchange) error {
	s := w.s
	s.mu.Lock()
	defer s.mu.Unlock()
	sh := s.shipments[shipmentID]
	if sh == nil || sh.BatchID != batchID {
		return nil
	}
	s.remove(sh)
	s.log(batchID, 0, s.Now.UTC(), ex)
	s.count(batchID)
	return nil
}

// Labelled lists the identifiers of DONE shipments.
func (w *BatchWork) Labelled(_ context.Context, batchID int64) ([]string, error) {
	s := w.s
	s.mu.Lock()
	defer s.mu.Unlock()
	var ids []string
	for _, sh := range s.shipmentsOf(batchID) {
		if sh.State == shipment.Done && sh.Identifier != "" {
			ids = append(ids, sh.Identifier)
		}
	}
	return ids, nil
}

// SaveManifest keeps the manifest on the batch.
func (w *BatchWork) SaveManifest(_ context.Context, batchID int64, mf carrier.Manifest, at time.Time) error {
	return w.s.withBatch(batchID, func(sb *storedBatch) error {
		sb.manifest, sb.manifestNumber, sb.manifestAt, sb.b.Processed = slices.Clone(mf.Document), mf.Number, at, sb.b.Total
		return nil
	})
}

// Log keeps exchanges of the batch.
func (w *BatchWork) Log(_ context.Context, batchID int64, ex []batchjob.Exchange) error {
	s := w.s
	s.mu.Lock()
	defer s.mu.Unlock()
	s.log(batchID, 0, s.Now.UTC(), ex)
	return nil
}

// Succeeded counts DONE shipments.
func (w *BatchWork) Succeeded(_ context.Context, batchID int64) (int, error) {
	s := w.s
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, sh := range s.shipmentsOf(batchID) {
		if sh.State == shipment.Done {
			n++
		}
	}
	return n, nil
}

// Settle moves the batch on if it is still in from.
func (w *BatchWork) Settle(_ context.Context, batchID int64, from, to batch.Status, message string, params map[string]string) (bool, error) {
	s := w.s
	s.mu.Lock()
	defer s.mu.Unlock()
	sb := s.batches[batchID]
	if sb == nil || sb.b.Status != from {
		return false, nil
	}
	sb.b.Status, sb.b.ErrorMessage, sb.b.ErrorParams, sb.preparedFor = to, message, maps.Clone(params), ""
	return true, nil
}

// Idle lists batches in a job's status that nobody holds.
func (w *BatchWork) Idle(context.Context) ([]batchjob.Batch, error) {
	s := w.s
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []batchjob.Batch
	for _, id := range slices.Sorted(maps.Keys(s.batches)) {
		if sb := s.batches[id]; sb.b.Status.InProgress() && !s.locks[id] {
			out = append(out, s.jobView(sb))
		}
	}
	return out, nil
}
