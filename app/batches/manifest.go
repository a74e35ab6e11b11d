package batches

import (
	"context"

	"parcelportal/app/batchjob"
	"parcelportal/core/access"
	"parcelportal/core/batch"
	"parcelportal/core/failure"
)

// CreateManifest starts the manifest of the batch's labelled shipments;
// admins regenerate one that exists or failed.
func (s Service) CreateManifest(ctx context.Context, caller *access.Caller, id int64) (View, error) {
	if _, err := s.visible(ctx, caller, id); err != nil {
		return View{}, err
	}
	return s.start(ctx, caller, id, batch.StartManifest, func(b *batch.Batch) error {
		if !b.Counts.HasLabels() {
			return failure.New(failure.Conflict, batch.KeyNoLabels)
		}
		b.Total = b.Counts.Labelled
		return nil
	}, batchjob.Job{Kind: batchjob.Manifest, BatchID: id})
}
