package memory

import (
	"context"
	"errors"
	"maps"
	"slices"
	"sync"
	"time"

	"parcelportal/app/manifests"
	"parcelportal/core/batch"
	"parcelportal/core/manifest"
)

// Manifests is manifests.Store in memory, for app tests; it passes the
// same contract (app/manifests/storetest) as postgres.Manifests. It holds
// its own parcels and batches: what a gathered or started batch's job does
// is the test's to play (Settle).
type Manifests struct {
	mu      sync.Mutex
	nextID  int64
	parcels map[int64]*gatherParcel
	batches map[int64]*memManifestBatch
	runs    map[runKey]*memRun
	order   []runKey
	// Schedule and Directory are what Schedules and MailNext read of the
	// customers (their schedule, names, addresses and tenant's addresses).
	schedules map[int64]manifests.Schedule
	directory map[int64]manifests.Run
	// MailRetry is how long a slot whose mail failed waits (default 1 min).
	MailRetry time.Duration
}

type gatherParcel struct {
	manifest.Parcel
	batchID int64
}

type memManifestBatch struct {
	b         batch.Batch
	group     manifest.Group
	labelled  int
	number    string
	document  []byte
	createdAt time.Time
}

type runKey struct {
	customer int64
	slot     int64
}

type memRun struct {
	batchIDs            []int64
	mailed              bool
	held                bool
	staffSent, custSent bool
	attempts            int
	after               time.Time
}

var _ manifests.Store = (*Manifests)(nil)

// NewManifests returns an empty store.
func NewManifests() *Manifests {
	return &Manifests{parcels: map[int64]*gatherParcel{}, batches: map[int64]*memManifestBatch{}, runs: map[runKey]*memRun{},
		schedules: map[int64]manifests.Schedule{}, directory: map[int64]manifests.Run{}}
}

func (m *Manifests) id() int64 { m.nextID++; return m.nextID }

// AddParcel keeps a parcel (its ID is assigned) and answers its id.
func (m *Manifests) AddParcel(p manifest.Parcel) int64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	p.ID = m.id()
	p.Manifested = false
	m.parcels[p.ID] = &gatherParcel{Parcel: p}
	return p.ID
}

// AddSentBatch keeps a SENT batch of the customer with labelled shipments.
func (m *Manifests) AddSentBatch(customerID int64, labelled int) int64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	id := m.id()
	b := batch.Batch{ID: id, CustomerID: customerID, FileName: "file.csv", Status: batch.Sent}
	b.Counts.Labelled, b.Counts.Shipments = labelled, labelled
	m.batches[id] = &memManifestBatch{b: b, labelled: labelled}
	return id
}

// BatchOf is the batch a parcel is gathered into, 0 for none.
func (m *Manifests) BatchOf(parcelID int64) int64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	if p, ok := m.parcels[parcelID]; ok {
		return p.batchID
	}
	return 0
}

// Batch answers a batch and the parcels gathered into it, in row order.
func (m *Manifests) Batch(id int64) (batch.Batch, manifest.Group, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	b, ok := m.batches[id]
	if !ok {
		return batch.Batch{}, manifest.Group{}, false
	}
	return b.b, b.group, true
}

// Settle ends a batch's manifest job as the runner would.
func (m *Manifests) Settle(id int64, status batch.Status, number string, doc []byte) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if b, ok := m.batches[id]; ok {
		b.b.Status, b.number, b.document = status, number, doc
	}
}

// SetSchedule sets the customer's schedule (inactive removes it) and since
// when it holds.
func (m *Manifests) SetSchedule(s manifests.Schedule) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if !s.AutoManifest.Active {
		delete(m.schedules, s.CustomerID)
		return
	}
	m.schedules[s.CustomerID] = s
}

// SetDirectory sets what a slot's mail reads of the customer and its tenant.
func (m *Manifests) SetDirectory(r manifests.Run) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.directory[r.CustomerID] = r
}

// Gather locks the store for the whole call, as the transaction does.
// SetLabelling marks a parcel as held by a label call's lease (or not).
func (m *Manifests) SetLabelling(parcelID int64, labelling bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if p, ok := m.parcels[parcelID]; ok {
		p.Labelling = labelling
	}
}

func (m *Manifests) Gather(_ context.Context, ids []int64, plan manifests.Plan) ([]int64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var parcels []manifest.Parcel
	for _, id := range slices.Sorted(slices.Values(ids)) {
		if p, ok := m.parcels[id]; ok {
			parcels = append(parcels, m.view(p))
		}
	}
	gather, _, err := plan(parcels, nil)
	if err != nil {
		return nil, err
	}
	return m.create(gather)
}

func (m *Manifests) view(p *gatherParcel) manifest.Parcel {
	out := p.Parcel
	out.Options = slices.Clone(p.Options)
	out.Manifested = p.batchID != 0
	return out
}

func (m *Manifests) create(gather []manifests.Gathering) ([]int64, error) {
	for _, g := range gather {
		for _, id := range g.Group.ParcelIDs {
			if p, ok := m.parcels[id]; !ok || p.batchID != 0 {
				return nil, errors.New("memory: a parcel to gather is gone or in a manifest already")
			}
		}
	}
	made := make([]int64, 0, len(gather))
	for _, g := range gather {
		id := m.id()
		b := g.Batch
		b.ID, b.RowCount = id, len(g.Group.ParcelIDs)
		b.Counts.Shipments, b.Counts.Labelled = len(g.Group.ParcelIDs), len(g.Group.ParcelIDs)
		m.batches[id] = &memManifestBatch{b: b, group: g.Group, labelled: len(g.Group.ParcelIDs)}
		for _, pid := range g.Group.ParcelIDs {
			m.parcels[pid].batchID = id
		}
		made = append(made, id)
	}
	return made, nil
}

// ClaimSlot claims the slot once; the claim gathers and starts under the
// store's lock.
func (m *Manifests) ClaimSlot(_ context.Context, customerID int64, slot time.Time, plan manifests.Plan) (bool, []int64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	k := runKey{customerID, slot.UnixNano()}
	if _, ok := m.runs[k]; ok {
		return false, nil, nil
	}
	var parcels []manifest.Parcel
	for _, id := range slices.Sorted(maps.Keys(m.parcels)) {
		p := m.parcels[id]
		if p.CustomerID == customerID && p.batchID == 0 && p.Labelled && !p.Labelling {
			parcels = append(parcels, m.view(p))
		}
	}
	var sent []batch.Batch
	for _, id := range slices.Sorted(maps.Keys(m.batches)) {
		if b := m.batches[id]; b.b.CustomerID == customerID && b.b.Status == batch.Sent {
			sent = append(sent, b.b)
		}
	}
	gather, start, err := plan(parcels, sent)
	if err != nil {
		return false, nil, err
	}
	made, err := m.create(gather)
	if err != nil {
		return false, nil, err
	}
	for _, b := range start {
		stored := m.batches[b.ID]
		stored.b.Status, stored.b.Processed, stored.b.Total, stored.b.ErrorMessage = b.Status, b.Processed, b.Total, b.ErrorMessage
		made = append(made, b.ID)
	}
	m.runs[k] = &memRun{batchIDs: made, mailed: len(made) == 0}
	m.order = append(m.order, k)
	return true, made, nil
}

// Schedules lists the active schedules by customer.
func (m *Manifests) Schedules(context.Context) ([]manifests.Schedule, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []manifests.Schedule
	for _, id := range slices.Sorted(maps.Keys(m.schedules)) {
		out = append(out, m.schedules[id])
	}
	return out, nil
}

// MailNext takes the oldest ended, unmailed slot whose retry time has come
// and that no other call holds; the store is not locked while send runs, as
// a row lock lets other slots go.
func (m *Manifests) MailNext(_ context.Context, send func(manifests.Run) manifests.MailResult) (bool, error) {
	m.mu.Lock()
	var (
		key runKey
		run *memRun
	)
	now := time.Now()
	for _, k := range m.order {
		r := m.runs[k]
		if r.mailed || r.held || now.Before(r.after) ||
			slices.ContainsFunc(r.batchIDs, func(id int64) bool { return m.batches[id].b.Status == batch.CreatingManifest }) {
			continue
		}
		key, run = k, r
		break
	}
	if run == nil {
		m.mu.Unlock()
		return false, nil
	}
	run.held = true
	out := m.directory[key.customer]
	out.CustomerID, out.Slot = key.customer, time.Unix(0, key.slot).UTC()
	out.StaffMailed, out.CustomerMailed, out.Attempts = run.staffSent, run.custSent, run.attempts
	out.Batches = nil
	for _, id := range run.batchIDs {
		b := m.batches[id]
		out.Batches = append(out.Batches, manifests.RunBatch{ID: id, Status: b.b.Status, ManifestType: b.group.ManifestType,
			Number: b.number, Document: b.document, ErrorMessage: b.b.ErrorMessage})
	}
	m.mu.Unlock()
	res := send(out)
	m.mu.Lock()
	defer m.mu.Unlock()
	run.held = false
	run.staffSent, run.custSent = run.staffSent || res.StaffSent, run.custSent || res.CustomerSent
	run.mailed = res.Done
	if res.Err != nil {
		run.attempts++
		retry := m.MailRetry
		if retry <= 0 {
			retry = time.Minute
		}
		run.after = time.Now().Add(retry)
	}
	return true, res.Err
}
