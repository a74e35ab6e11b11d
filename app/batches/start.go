package batches

import (
	"context"

	"parcelportal/app/batchjob"
	"parcelportal/core/access"
	"parcelportal/core/batch"
	"parcelportal/core/failure"
)

// start moves the batch on by step (the caller has checked with visible
// that the batch is the caller's to move) inside the store's transaction,
// through batch.Batch.Start, which lets prepare check the batch and record
// the job's details, and hands the job to the queue. The HTTP call
// returns at once; the job settles the batch. When the queue refuses the
// job, the batch goes back to what it was, so that no batch waits for a
// job that never comes.
func (s Service) start(ctx context.Context, caller *access.Caller, id int64, step batch.Step, prepare func(*batch.Batch) error, job batchjob.Job) (View, error) {
	var before batch.Batch
	saved, err := s.Batches.Update(ctx, id, func(b *batch.Batch) error {
		before = *b
		return b.Start(step, caller.IsAdmin(), prepare)
	})
	if err != nil {
		return View{}, err
	}
	if err := s.enqueue(ctx, job); err != nil {
		_, _ = s.Batches.Update(ctx, id, func(b *batch.Batch) error {
			if b.Status == saved.Status && b.Processed == 0 {
				*b = before
			}
			return nil
		})
		return View{}, err
	}
	return viewOf(caller, saved), nil
}

func (s Service) enqueue(ctx context.Context, job batchjob.Job) error {
	if err := s.Queue.Enqueue(ctx, job); err != nil {
		return &failure.Error{Kind: failure.Unavailable, Key: batch.KeyQueueUnavailable, Entity: batch.Object, Cause: err}
	}
	return nil
}
