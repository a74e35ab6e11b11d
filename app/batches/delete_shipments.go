package batches

import (
	"context"

	"parcelportal/app/batchjob"
	"parcelportal/core/access"
	"parcelportal/core/batch"
	"parcelportal/core/failure"
)

// DeleteShipments cancels and removes the shipments the filter selects:
// admins only, not from the ERROR filter, and only in a sent batch (spec 2
// section 5.2).
func (s Service) DeleteShipments(ctx context.Context, caller *access.Caller, id int64, filter string) (View, error) {
	f, err := batch.ParseFilter(filter)
	if err != nil {
		return View{}, err
	}
	if _, err := s.visible(ctx, caller, id); err != nil {
		return View{}, err
	}
	if !caller.IsAdmin() {
		return View{}, batch.ErrAdminOnly
	}
	if f == batch.FilterError {
		return View{}, failure.New(failure.Invalid, batch.KeyFilterNotAllowed, "filter", string(f))
	}
	return s.start(ctx, caller, id, batch.StartDelete, func(b *batch.Batch) error {
		b.JobFilter = f
		b.Total = batch.DeleteSelects(*b, f)
		return nil
	}, batchjob.Job{Kind: batchjob.DeleteShipment, BatchID: id})
}
