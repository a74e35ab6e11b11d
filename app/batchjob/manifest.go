package batchjob

import (
	"context"
	"errors"

	"parcelportal/core/batch"
	"parcelportal/core/carrier"
)

// manifest asks the carrier for the manifest of the batch's labelled
// shipments and keeps the document on the batch.
func (r *Runner) manifest(ctx context.Context, b Batch) error {
	ids, err := r.manifesting.Labelled(ctx, b.ID)
	if err != nil {
		return err
	}
	if len(ids) == 0 {
		return r.settle(ctx, b, batch.JobFailed, KeyNothingToManifest, nil)
	}
	if err := r.preparing.Begin(ctx, b.ID, len(ids)); err != nil {
		return err
	}
	creds, ok, err := r.credentials(ctx, b.CustomerID)
	if err != nil {
		return err
	}
	if !ok {
		return r.settle(ctx, b, batch.JobFailed, KeyNoCredentials, nil)
	}
	var (
		m  carrier.Manifest
		ex []Exchange
	)
	reference := ManifestReference(b.ID, b.Manifests+1)
	err = r.retry(ctx, func(int) error {
		call, done, err := r.call(ctx)
		if err != nil {
			return err
		}
		defer done()
		m, err = r.carrier.CreateManifest(call, creds, reference, ids)
		ex = Exchanged(ex, OpCreateManifest, m.Traffic, err)
		return err
	})
	if errors.Is(err, errStopped) {
		return ctx.Err()
	}
	keep := context.WithoutCancel(ctx)
	if lerr := r.manifesting.Log(keep, b.ID, ex); lerr != nil {
		return lerr
	}
	if err != nil {
		r.opt.Log.Info("manifest not created", "batch", b.ID, "reference", reference, "error", err)
		key, params := Explain(err, nil)
		return r.settle(ctx, b, batch.JobFailed, key, params)
	}
	if err := r.manifesting.SaveManifest(keep, b.ID, m, r.opt.Now()); err != nil {
		return err
	}
	return r.settle(ctx, b, batch.JobSucceeded, "", nil)
}
