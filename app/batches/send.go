package batches

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
	lt, err := s.labelType(ctx, b.CustomerID, labelType)
	if err != nil {
		return View{}, err
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
		b.SentAt, b.SentBy, b.SentByAdmin = s.Now.UTC(), caller.Login, caller.IsAdmin()
		return nil
	}, batchjob.Job{Kind: batchjob.Send, BatchID: id})
}

// labelType checks a chosen label type, or gives the customer's when none is chosen.
func (s Service) labelType(ctx context.Context, customerID int64, chosen string) (string, error) {
	if chosen == "" {
		c, err := s.Customers.Get(ctx, customerID)
		if err != nil {
			return "", err
		}
		chosen = c.LabelType
	}
	lt, ok := customer.ParseSendLabelType(chosen)
	if !ok {
		return "", failure.New(failure.Invalid, batch.KeyLabelType, "labelType", chosen)
	}
	return lt, nil
}
