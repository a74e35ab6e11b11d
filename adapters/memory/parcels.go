package memory

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"slices"
	"sync"
	"time"

	"parcelportal/app/batchjob"
	"parcelportal/app/clock"
	"parcelportal/app/parcels"
	"parcelportal/core/carrier"
	"parcelportal/core/parcel"
	"parcelportal/core/shipment"
)

// Parcels keeps single parcels and their label attempts in memory; it
// passes the same contract as postgres.Parcels (app/parcels/storetest).
type Parcels struct {
	mu      sync.Mutex
	next    int64
	parcels map[int64]*storedParcel
	// Now stamps parcels and their changes; the wall clock when nil.
	Now clock.Clock
}

type storedParcel struct {
	p     parcel.Parcel
	until time.Time
	// sh is the label attempt; nil before the first.
	sh *storedAttempt
}

type storedAttempt struct {
	s            shipment.Shipment
	label        carrier.Label
	labelType    string
	errorMessage string
	errorParams  map[string]string
	submittedAt  time.Time
	exchanges    []batchjob.Exchange
}

// view is the parcel as Get answers it.
func (sp *storedParcel) view() parcel.Parcel {
	p := sp.p
	p.Label = parcel.Label{}
	if a := sp.sh; a != nil {
		live := a.s.Status() != shipment.Cancelled
		p.Label = parcel.Label{
			ShipmentID: a.s.ID, Status: a.s.Status(), Identifier: a.s.Identifier(), ErrorMessage: a.errorMessage,
			ErrorParams: maps.Clone(a.errorParams), SubmittedAt: a.submittedAt,
			HasLabel: live && a.label.Label != nil, HasCustoms: live && a.label.CustomsDoc != nil,
		}
	}
	return p
}

func (m *Parcels) get(id int64) (*storedParcel, error) {
	sp, ok := m.parcels[id]
	if !ok {
		return nil, parcel.ErrNotFound
	}
	return sp, nil
}

// Create stores a parcel.
func (m *Parcels) Create(_ context.Context, p parcel.Parcel) (parcel.Parcel, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.parcels == nil {
		m.parcels = map[int64]*storedParcel{}
	}
	m.next++
	p.ID, p.UUID = m.next, fmt.Sprintf("00000000-0000-4000-8000-%012d", m.next)
	p.CreatedAt, p.UpdatedAt = m.Now.UTC(), m.Now.UTC()
	p.BatchID, p.BatchStatus, p.Label = 0, "", parcel.Label{}
	sp := &storedParcel{p: p}
	m.parcels[p.ID] = sp
	return sp.view(), nil
}

// Get reads a parcel.
func (m *Parcels) Get(_ context.Context, id int64) (parcel.Parcel, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	sp, err := m.get(id)
	if err != nil {
		return parcel.Parcel{}, err
	}
	return sp.view(), nil
}

// Update changes a parcel's form and label type.
func (m *Parcels) Update(_ context.Context, id int64, change func(*parcel.Parcel) error) (parcel.Parcel, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	sp, err := m.get(id)
	if err != nil {
		return parcel.Parcel{}, err
	}
	p := sp.view()
	if err := change(&p); err != nil {
		return parcel.Parcel{}, err
	}
	sp.p.Validated, sp.p.LabelType, sp.p.UpdatedAt = p.Validated, p.LabelType, m.Now.UTC()
	return sp.view(), nil
}

// Delete removes a parcel with its attempt.
func (m *Parcels) Delete(_ context.Context, id int64, allow func(parcel.Parcel) error) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	sp, err := m.get(id)
	if err != nil {
		return err
	}
	if err := allow(sp.view()); err != nil {
		return err
	}
	delete(m.parcels, id)
	return nil
}

// List pages a customer's parcels newest first.
func (m *Parcels) List(_ context.Context, q parcel.Query) ([]parcel.Parcel, int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var all []parcel.Parcel
	for _, sp := range m.parcels {
		p := sp.p
		switch {
		case p.CustomerID != q.CustomerID,
			q.Manifest == parcel.Manifested && !p.InManifest(),
			q.Manifest == parcel.NotManifested && p.InManifest(),
			q.Source != "" && p.Source != q.Source,
			q.APIClient != "" && p.APIClient != q.APIClient:
			continue
		}
		all = append(all, sp.view().Listed())
	}
	slices.SortFunc(all, func(a, b parcel.Parcel) int {
		if c := b.CreatedAt.Compare(a.CreatedAt); c != 0 {
			return c
		}
		return cmp.Compare(b.ID, a.ID)
	})
	return pageOf(all, q.Page, q.Size), len(all), nil
}

// Gather puts a parcel into a manifest batch, as a manifest of parcels
// does in Postgres (tests).
func (m *Parcels) Gather(id, batchID int64, status string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if sp, ok := m.parcels[id]; ok {
		sp.p.BatchID, sp.p.BatchStatus = batchID, status
	}
}

// Claim takes the parcel's label lease.
func (m *Parcels) Claim(_ context.Context, id int64, now, until time.Time) (parcel.Parcel, shipment.Shipment, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	sp, err := m.get(id)
	if err != nil {
		return parcel.Parcel{}, shipment.Shipment{}, false, err
	}
	if sp.until.After(now) {
		return parcel.Parcel{}, shipment.Shipment{}, false, parcel.ErrBusy
	}
	sp.until = until
	if sp.sh == nil {
		return sp.view(), shipment.Shipment{}, false, nil
	}
	s := sp.sh.s
	s.Draft = sp.p.Validated.Draft()
	return sp.view(), s, true, nil
}

// Release gives the lease up.
func (m *Parcels) Release(_ context.Context, id int64) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if sp, ok := m.parcels[id]; ok {
		sp.until = time.Time{}
	}
	return nil
}

// Next stores the attempt.
func (m *Parcels) Next(_ context.Context, id int64, s shipment.Shipment) (shipment.Shipment, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	sp, err := m.get(id)
	if err != nil {
		return shipment.Shipment{}, err
	}
	if sp.sh == nil {
		m.next++
		restored, err := shipment.Restore(m.next, s.Attempt, s.Reference, s.Status(), s.Identifier(), s.Draft)
		if err != nil {
			return shipment.Shipment{}, err
		}
		sp.sh = &storedAttempt{s: restored}
		return restored, nil
	}
	sp.sh.s = s
	sp.sh.errorMessage, sp.sh.errorParams = "", nil
	return s, nil
}

func (m *Parcels) attempt(shipmentID int64) (*storedAttempt, error) {
	for _, sp := range m.parcels {
		if sp.sh != nil && sp.sh.s.ID == shipmentID {
			return sp.sh, nil
		}
	}
	return nil, fmt.Errorf("memory: no parcel attempt %d", shipmentID)
}

// restate stores a status the attempt's transitions reached.
func restate(a *storedAttempt, status shipment.Status, identifier string) error {
	s, err := shipment.Restore(a.s.ID, a.s.Attempt, a.s.Reference, status, identifier, a.s.Draft)
	if err != nil {
		return err
	}
	a.s = s
	return nil
}

// Submitting marks the attempt SUBMITTING.
func (m *Parcels) Submitting(_ context.Context, shipmentID int64) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	a, err := m.attempt(shipmentID)
	if err != nil {
		return err
	}
	return restate(a, shipment.Submitting, a.s.Identifier())
}

// Voided clears the earlier label.
func (m *Parcels) Voided(_ context.Context, shipmentID int64, ex []batchjob.Exchange) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	a, err := m.attempt(shipmentID)
	if err != nil {
		return err
	}
	a.label = carrier.Label{}
	a.exchanges = append(a.exchanges, ex...)
	return restate(a, a.s.Status(), "")
}

// Finish writes the outcome.
func (m *Parcels) Finish(_ context.Context, o parcels.Outcome) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	a, err := m.attempt(o.ShipmentID)
	if err != nil {
		return err
	}
	a.exchanges = append(a.exchanges, o.Exchanges...)
	switch o.State {
	case shipment.Done:
		a.label, a.labelType, a.submittedAt = o.Label, o.LabelType, o.At.UTC()
		a.errorMessage, a.errorParams = "", nil
		return restate(a, shipment.Done, o.Label.Identifier)
	case shipment.Failed:
		a.errorMessage, a.errorParams = o.ErrorMessage, maps.Clone(o.ErrorParams)
		return restate(a, shipment.Failed, a.s.Identifier())
	case shipment.Cancelled:
		a.errorMessage, a.errorParams = "", nil
		return restate(a, shipment.Cancelled, a.s.Identifier())
	}
	return fmt.Errorf("memory: an attempt finishes DONE, FAILED or CANCELLED, not %s", o.State)
}

func (m *Parcels) file(id int64, pick func(a *storedAttempt) parcels.File) (parcels.File, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	sp, err := m.get(id)
	if err != nil || sp.sh == nil || sp.sh.s.Status() == shipment.Cancelled {
		return parcels.File{}, nil
	}
	return pick(sp.sh), nil
}

// Label reads the label of the live attempt.
func (m *Parcels) Label(_ context.Context, id int64) (parcels.File, error) {
	return m.file(id, func(a *storedAttempt) parcels.File {
		return parcels.File{ContentType: a.label.ContentType, LabelType: a.labelType, Data: a.label.Label}
	})
}

// CustomsDoc reads the customs declaration of the live attempt.
func (m *Parcels) CustomsDoc(_ context.Context, id int64) (parcels.File, error) {
	return m.file(id, func(a *storedAttempt) parcels.File {
		return parcels.File{ContentType: "application/pdf", LabelType: a.labelType, Data: a.label.CustomsDoc}
	})
}
