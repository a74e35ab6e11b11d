package batches

import (
	"context"
	"errors"

	"parcelportal/app/batchjob"
	"parcelportal/core/access"
	"parcelportal/core/batch"
)

// errThroughCarrier stops the removal of a batch whose labels the carrier
// must cancel first.
var errThroughCarrier = errors.New("batch holds labels to cancel")

// Delete deletes a batch unless a job works on it or it has a manifest
// (spec 2 section 2.1). A batch without labels valid at the carrier is
// removed at once with its rows, shipments and traffic. One with labels is
// not: removing it would leave them valid, and billable, at the carrier.
// It goes DELETING, and a job cancels the labels and marks it DELETED
// (batch.JobDeletedBatch says why it is kept); the answer is the batch in
// DELETING then, nil when it is gone.
func (s Service) Delete(ctx context.Context, caller *access.Caller, id int64) (*View, error) {
	if _, err := s.visible(ctx, caller, id); err != nil {
		return nil, err
	}
	err := s.Batches.Delete(ctx, id, func(b batch.Batch) error {
		switch {
		case !b.Deletable():
			return batch.NotAllowedNow(b.Status, "delete")
		case b.DeleteGoesThroughCarrier():
			return errThroughCarrier
		}
		return nil
	})
	if !errors.Is(err, errThroughCarrier) {
		return nil, err
	}
	v, err := s.start(ctx, caller, id, batch.StartDeleteBatch, func(b *batch.Batch) error {
		if !b.Deletable() {
			return batch.NotAllowedNow(b.Status, "delete")
		}
		b.JobFilter, b.Total = batch.FilterBatch, b.Counts.Labelled+b.Counts.Open
		return nil
	}, batchjob.Job{Kind: batchjob.DeleteBatch, BatchID: id})
	if err != nil {
		return nil, err
	}
	return &v, nil
}
