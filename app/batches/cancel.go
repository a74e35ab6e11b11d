package batches

import (
	"context"

	"parcelportal/app/batchjob"
	"parcelportal/core/access"
	"parcelportal/core/batch"
)

// Cancel (admins, during SENDING) stops the send and cancels the labels
// already made.
func (s Service) Cancel(ctx context.Context, caller *access.Caller, id int64) (View, error) {
	if _, err := s.visible(ctx, caller, id); err != nil {
		return View{}, err
	}
	if !caller.IsAdmin() {
		return View{}, batch.ErrAdminOnly
	}
	return s.start(ctx, caller, id, batch.StartCancel, func(b *batch.Batch) error {
		b.JobFilter, b.Total = batch.FilterAll, b.Counts.Labelled
		return nil
	}, batchjob.Job{Kind: batchjob.Cancel, BatchID: id})
}
