package batch

import (
	"context"

	"parcelportal/app/batchjob"
	"parcelportal/core/access"
	"parcelportal/core/batch"
	"parcelportal/core/customer"
	"parcelportal/core/failure"
)

// Send starts sending the batch's valid rows with the label type: the
// customer's when none is chosen. An invalid batch may be sent (the page
// asked for confirmation); its invalid rows stay behind. More than 2000 rows
// are refused.
func (s Service) Send(ctx context.Context, caller *access.Caller, id int64, labelType string) (View, error) {
	b, err := s.visible(ctx, caller, id)
	if err != nil {
		return View{}, err
	}
	if labelType == "" {
		c, err := s.Customers.Get(ctx, b.CustomerID)
		if err != nil {
			return View{}, err
		}
		labelType = c.LabelType
	}
	lt, ok := customer.ParseLabelType(labelType)
	if !ok {
		return View{}, failure.New(failure.Invalid, batch.KeyLabelType, "labelType", labelType)
	}
	return s.start(ctx, caller, id, batch.StartSend, func(b *batch.Batch) error {
		if err := batch.CheckRowCount(b.RowCount); err != nil {
			return err
		}
		valid := b.RowCount - b.InvalidRows
		if valid <= 0 {
			return failure.New(failure.Conflict, batch.KeyNothingToSend)
		}
		b.LabelType, b.JobFilter, b.Total = lt, batch.FilterAll, valid
		b.SentAt, b.SentBy = s.now(), caller.Login
		return nil
	}, batchjob.Job{Kind: batchjob.Send, BatchID: id})
}

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

// resendSteps name the status a resend of each filter runs in.
var resendSteps = map[batch.Filter]batch.Step{
	batch.FilterAll: batch.StartResendAll, batch.FilterChanged: batch.StartResendChange, batch.FilterError: batch.StartResendError,
}

// Resend sends again the shipments the filter selects; only admins resend
// every row at once (spec 2 section 5.2).
func (s Service) Resend(ctx context.Context, caller *access.Caller, id int64, filter string) (View, error) {
	f, err := batch.ParseFilter(filter)
	if err != nil {
		return View{}, err
	}
	if _, err := s.visible(ctx, caller, id); err != nil {
		return View{}, err
	}
	if !batch.BulkResendAllowed(caller.IsAdmin(), f) {
		return View{}, batch.ErrAdminOnly
	}
	return s.start(ctx, caller, id, resendSteps[f], func(b *batch.Batch) error {
		total := map[batch.Filter]int{
			batch.FilterAll: b.RowCount - b.InvalidRows, batch.FilterChanged: b.Counts.ChangedShipments, batch.FilterError: b.Counts.ErrorShipments,
		}[f]
		if total <= 0 {
			return failure.New(failure.Conflict, batch.KeyNothingToSend)
		}
		b.JobFilter, b.Total = f, total
		b.SentAt, b.SentBy = s.now(), caller.Login
		return nil
	}, batchjob.Job{Kind: batchjob.Resend, BatchID: id})
}

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
		if !batch.BulkDeleteAllowed(caller.IsAdmin(), f, b.Status) {
			return notNow(b.Status, string(batch.StartDelete))
		}
		b.JobFilter = f
		b.Total = b.Counts.Shipments
		if f == batch.FilterChanged {
			b.Total = b.Counts.ChangedShipments
		}
		return nil
	}, batchjob.Job{Kind: batchjob.DeleteShipment, BatchID: id})
}

// CreateManifest starts the manifest of the batch's labelled shipments;
// admins regenerate one that exists or failed.
func (s Service) CreateManifest(ctx context.Context, caller *access.Caller, id int64) (View, error) {
	return s.start(ctx, caller, id, batch.StartManifest, func(b *batch.Batch) error {
		if !b.Counts.HasLabels() {
			return failure.New(failure.Conflict, batch.KeyNoLabels)
		}
		b.Total = b.Counts.Labelled
		return nil
	}, batchjob.Job{Kind: batchjob.Manifest, BatchID: id})
}
