package parcels

import (
	"context"

	"parcelportal/app/batchjob"
	"parcelportal/core/access"
	"parcelportal/core/failure"
	"parcelportal/core/parcel"
	"parcelportal/core/shipment"
)

// Delete removes a parcel. A label valid at the carrier is cancelled
// first, as a batch delete does; when the carrier does not cancel it the
// parcel stays and the reason is answered. A parcel in a manifest is not
// deleted.
func (s Service) Delete(ctx context.Context, caller *access.Caller, id int64) error {
	p, err := s.visible(ctx, caller, id)
	if err != nil {
		return err
	}
	return s.remove(ctx, p)
}

func (s Service) remove(ctx context.Context, p parcel.Parcel) error {
	if !p.Deletable() {
		return parcel.ErrManifested
	}
	now := s.Now.UTC()
	p, cur, ok, err := s.Attempts.Claim(ctx, p.ID, now, now.Add(s.lease()))
	if err != nil {
		return err
	}
	keep := context.WithoutCancel(ctx)
	defer func() { _ = s.Attempts.Release(keep, p.ID) }()
	if !p.Deletable() {
		return parcel.ErrManifested
	}
	if ok {
		if err := s.void(keep, p, cur); err != nil {
			return err
		}
	}
	return s.Parcels.Delete(ctx, p.ID, func(p parcel.Parcel) error {
		if !p.Deletable() {
			return parcel.ErrManifested
		}
		return nil
	})
}

// void cancels the label the attempt holds, or may hold (SUBMITTING: the
// carrier is asked for it first), and records it CANCELLED.
func (s Service) void(ctx context.Context, p parcel.Parcel, sh shipment.Shipment) error {
	if sh.Status() == shipment.Cancelled || (sh.Identifier() == "" && sh.Status() != shipment.Submitting) {
		return nil
	}
	c, err := s.Customers.Get(ctx, p.CustomerID)
	if err != nil {
		return err
	}
	creds, ok := batchjob.CredentialsOf(c)
	if !ok {
		return failure.New(failure.Conflict, batchjob.KeyNoCredentials)
	}
	identifier := sh.Identifier()
	var ex []batchjob.Exchange
	if sh.Status() == shipment.Submitting {
		call, cancel := s.call(ctx)
		l, found, err := s.Carrier.Find(call, creds, sh.Reference)
		cancel()
		ex = batchjob.Exchanged(ex, batchjob.OpFind, l.Traffic, err)
		if err != nil {
			return notCancelled(err, identifier)
		}
		identifier = l.Identifier
		if !found {
			identifier = ""
		}
	}
	if identifier != "" {
		cx, err := s.cancel(ctx, creds, identifier)
		ex = append(ex, cx...)
		if err != nil {
			return notCancelled(err, identifier)
		}
	}
	if err := sh.Cancel(); err != nil {
		return err
	}
	return s.Attempts.Finish(ctx, Outcome{ShipmentID: sh.ID, State: sh.Status(), Exchanges: ex, At: s.Now.UTC()})
}

// notCancelled is the failure of a delete whose label the carrier did not
// cancel: its refusal explained, or the carrier unavailable.
func notCancelled(err error, identifier string) error {
	key, params := batchjob.Explain(err, func(field string) string {
		if field == "identifier" {
			return identifier
		}
		return ""
	})
	kind := failure.Conflict
	if !batchjob.IsFault(err) {
		kind = failure.Unavailable
	}
	f := failure.New(kind, key)
	f.Params = params
	f.Cause = err
	return f
}
