package manifests

import (
	"context"
	"log/slog"
	"slices"
	"time"

	"parcelportal/app/batchjob"
	"parcelportal/core/access"
	"parcelportal/core/batch"
	"parcelportal/core/customer"
	"parcelportal/core/manifest"
)

// Create makes the manifests of the selected parcels: every one must be a
// parcel of a customer the caller acts for (else none exists for the
// caller), without a manifest and with a live label. They are gathered by
// their customers' manifesting rules into one batch per customer, hub and
// manifest type, whose manifest jobs are queued; it answers the batch ids.
// A parcel is gathered once: a second call naming it is refused.
func (s Service) Create(ctx context.Context, caller *access.Caller, ids []int64) ([]int64, error) {
	if err := access.FormUsers.Check(caller); err != nil {
		return nil, err
	}
	if err := manifest.CheckSelection(ids); err != nil {
		return nil, err
	}
	unique := slices.Clone(ids)
	slices.Sort(unique)
	unique = slices.Compact(unique)
	at := s.Now.UTC()
	made, err := s.Store.Gather(ctx, unique, func(parcels []manifest.Parcel, _ []batch.Batch) ([]Gathering, []batch.Batch, error) {
		if len(parcels) != len(unique) {
			return nil, nil, manifest.ErrParcelNotFound
		}
		for _, p := range parcels {
			if !caller.CanActFor(p.CustomerID) {
				return nil, nil, manifest.ErrParcelNotFound
			}
		}
		for _, p := range parcels {
			if err := manifest.Selectable(p); err != nil {
				return nil, nil, err
			}
		}
		g, err := s.gatherings(ctx, parcels, caller.Login, caller.IsAdmin(), at)
		return g, nil, err
	})
	if err != nil {
		return nil, err
	}
	s.enqueue(ctx, made)
	return made, nil
}

// gatherings groups the parcels by their customers' rules, falling back to
// the default routing options where a customer has none of its own, and
// gives each group its batch, already started on its manifest.
func (s Service) gatherings(ctx context.Context, parcels []manifest.Parcel, by string, admin bool, at time.Time) ([]Gathering, error) {
	customers := map[int64]customer.Customer{}
	for _, p := range parcels {
		if _, ok := customers[p.CustomerID]; ok {
			continue
		}
		c, err := s.Customers.Get(ctx, p.CustomerID)
		if err != nil {
			return nil, err
		}
		customers[p.CustomerID] = c
	}
	defaults, err := s.defaults(ctx)
	if err != nil {
		return nil, err
	}
	var out []Gathering
	for _, g := range manifest.GroupParcels(customers, defaults, parcels) {
		b := batch.Batch{
			CustomerID: g.CustomerID, FileName: manifest.FileName, Status: batch.Sent,
			CreatedBy: by, CreatedByAdmin: admin, SentAt: at, SentBy: by, SentByAdmin: admin,
			LabelType: customer.DefaultLabelType,
		}
		n := len(g.ParcelIDs)
		if err := b.Start(batch.StartManifest, false, func(b *batch.Batch) error { b.Total = n; return nil }); err != nil {
			return nil, err
		}
		out = append(out, Gathering{Group: g, Batch: b})
	}
	return out, nil
}

// enqueue hands the manifest jobs of the batches to the workers. A job the
// queue refuses is not lost: the batch waits in CREATING_MANIFEST, where the
// workers' sweep finds and resumes it.
func (s Service) enqueue(ctx context.Context, batchIDs []int64) {
	for _, id := range batchIDs {
		if err := s.Queue.Enqueue(ctx, batchjob.Job{Kind: batchjob.Manifest, BatchID: id}); err != nil {
			slog.Warn("manifest job not queued; the sweep resumes it", "batch", id, "error", err)
		}
	}
}
