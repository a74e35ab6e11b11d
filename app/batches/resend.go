package batches

import (
	"context"

	"parcelportal/app/batchjob"
	"parcelportal/core/access"
	"parcelportal/core/batch"
	"parcelportal/core/carrier"
	"parcelportal/core/failure"
)

// Resend sends again the shipments the filter selects; only admins resend
// every row at once (spec 2 section 5.2). A resend of ALL may choose a new
// label type; the others keep the batch's, so its labels never mix.
func (s Service) Resend(ctx context.Context, caller *access.Caller, id int64, filter, labelType string) (View, error) {
	f, err := batch.ParseFilter(filter)
	if err != nil {
		return View{}, err
	}
	b, err := s.visible(ctx, caller, id)
	if err != nil {
		return View{}, err
	}
	lt := b.LabelType
	if labelType != "" {
		if lt, err = s.labelType(ctx, b.CustomerID, labelType); err != nil {
			return View{}, err
		}
		if f != batch.FilterAll && lt != b.LabelType {
			return View{}, failure.New(failure.Invalid, carrier.KeyDontMixLabelTypes)
		}
	}
	if !batch.BulkResendAllowed(caller.IsAdmin(), f) {
		return View{}, batch.ErrAdminOnly
	}
	return s.start(ctx, caller, id, batch.ResendStep(f), func(b *batch.Batch) error {
		total := batch.ResendSelects(*b, f)
		if total <= 0 {
			return failure.New(failure.Conflict, batch.KeyNothingToResend)
		}
		b.JobFilter, b.Total, b.LabelType = f, total, lt
		b.SentAt, b.SentBy, b.SentByAdmin = s.Now.UTC(), caller.Login, caller.IsAdmin()
		return nil
	}, batchjob.Job{Kind: batchjob.Resend, BatchID: id})
}
