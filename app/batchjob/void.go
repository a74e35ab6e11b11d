package batchjob

import (
	"context"
	"errors"
	"sync"

	"parcelportal/core/batch"
	"parcelportal/core/carrier"
	"parcelportal/core/shipment"
)

// errNoCredentials: a label is to be voided but the customer has no login.
var errNoCredentials = errors.New("batchjob: no carrier credentials")

// voiding is what a cancelling job does: which shipments it selects,
// whether it removes them (a delete of shipments) or keeps them CANCELLED
// (a cancel, a delete of the whole batch), the step that ends it when every
// label is cancelled, and the message when some are not.
type voiding struct {
	filter     batch.Filter
	remove     bool
	done       batch.Step
	incomplete string
}

// void cancels the labels of a batch. Shipments whose label the carrier
// would not cancel stay, with the reason, and the job fails: the batch
// keeps them, so no label valid at the carrier is forgotten.
func (r *Runner) void(ctx context.Context, b Batch, v voiding) error {
	todo, err := r.toVoid(ctx, b.ID, v.filter, v.remove)
	if err != nil {
		return err
	}
	if !b.Prepared {
		if err := r.preparing.Begin(ctx, b.ID, len(todo)); err != nil {
			return err
		}
	}
	creds, ok, err := r.credentials(ctx, b.CustomerID)
	if err != nil {
		return err
	}
	if err := r.voidAll(ctx, b, creds, ok, todo, v.remove); err != nil {
		return err
	}
	left, err := r.toVoid(ctx, b.ID, v.filter, v.remove)
	if err != nil {
		return err
	}
	if len(left) > 0 {
		return r.settle(ctx, b, batch.JobFailed, v.incomplete, nil)
	}
	if v.remove {
		rest, err := r.voiding.Selected(ctx, b.ID, batch.FilterAll)
		if err != nil {
			return err
		}
		if len(rest) == 0 {
			return r.settle(ctx, b, batch.JobEmptiedBatch, "", nil)
		}
	}
	return r.settle(ctx, b, v.done, "", nil)
}

// toVoid lists what a cancel or delete still has to do: a delete removes
// every selected shipment, a cancel every one not yet CANCELLED that holds,
// or may hold, a label.
func (r *Runner) toVoid(ctx context.Context, batchID int64, f batch.Filter, remove bool) ([]Shipment, error) {
	all, err := r.voiding.Selected(ctx, batchID, f)
	if err != nil || remove {
		return all, err
	}
	var todo []Shipment
	for _, s := range all {
		if s.Status() != shipment.Cancelled && !(s.Status() == shipment.Failed && s.Identifier() == "") {
			todo = append(todo, s)
		}
	}
	return todo, nil
}

// voidAll voids shipments with at most Concurrency carrier calls at a time.
func (r *Runner) voidAll(ctx context.Context, b Batch, creds carrier.Credentials, hasCreds bool, todo []Shipment, remove bool) error {
	var (
		errOnce  sync.Once
		firstErr error
	)
	never := func() bool { return false }
	r.fanOut(ctx, todo, never, func(s Shipment) {
		if err := r.voidOne(ctx, b, creds, hasCreds, s, remove); err != nil {
			errOnce.Do(func() { firstErr = err })
		}
	})
	if firstErr == nil || errors.Is(firstErr, errStopped) {
		if err := ctx.Err(); err != nil {
			return err
		}
	}
	return firstErr
}

// voidOne cancels one shipment's label and records the result.
func (r *Runner) voidOne(ctx context.Context, b Batch, creds carrier.Credentials, hasCreds bool, s Shipment, remove bool) error {
	ex, err := r.voidLabel(ctx, creds, hasCreds, s)
	keep := context.WithoutCancel(ctx)
	switch {
	case errors.Is(err, errStopped):
		return err
	case errors.Is(err, errNoCredentials):
		return r.voiding.Unfinished(keep, Outcome{ShipmentID: s.ID, BatchID: b.ID, State: s.Status(), ErrorMessage: KeyNoCredentials, At: r.opt.Now()})
	case err != nil:
		r.opt.Log.Info("label not cancelled", "batch", b.ID, "reference", s.Reference, "error", err)
		key, params := Explain(err, func(field string) string {
			if field == "identifier" {
				return s.Identifier()
			}
			return ""
		})
		return r.voiding.Unfinished(keep, Outcome{ShipmentID: s.ID, BatchID: b.ID, State: s.Status(), ErrorMessage: key, ErrorParams: params,
			Exchanges: ex, At: r.opt.Now()})
	case remove:
		return r.voiding.Remove(keep, b.ID, s.ID, ex)
	}
	return r.finish(keep, r.voiding, b, &s, (*shipment.Shipment).Cancel, Outcome{Exchanges: ex})
}

// voidLabel cancels the label a shipment holds. A SUBMITTING shipment may
// hold one nobody recorded: the carrier is asked for it first.
func (r *Runner) voidLabel(ctx context.Context, creds carrier.Credentials, hasCreds bool, s Shipment) ([]Exchange, error) {
	if s.Status() == shipment.Cancelled || (s.Identifier() == "" && s.Status() != shipment.Submitting) {
		return nil, nil
	}
	if !hasCreds {
		return nil, errNoCredentials
	}
	identifier := s.Identifier()
	var ex []Exchange
	if s.Status() == shipment.Submitting {
		l, found, fex, err := r.find(ctx, creds, s.Reference)
		ex = fex
		if err != nil {
			return ex, err
		}
		if !found {
			return ex, nil
		}
		identifier = l.Identifier
	}
	cex, err := r.cancelLabel(ctx, creds, identifier)
	return append(ex, cex...), err
}

// cancelOne voids one shipment's label; the shipment ends CANCELLED.
func (r *Runner) cancelOne(ctx context.Context, b Batch, shipmentID int64) error {
	s, ok, err := r.voiding.Get(ctx, b.ID, shipmentID)
	if err != nil || !ok || s.Status() == shipment.Cancelled {
		return err
	}
	creds, hasCreds, err := r.credentials(ctx, b.CustomerID)
	if err != nil {
		return err
	}
	err = r.voidOne(ctx, b, creds, hasCreds, s, false)
	if errors.Is(err, errStopped) {
		return ctx.Err()
	}
	return err
}
