package parcels

import (
	"context"
	"time"

	"parcelportal/app/batchjob"
	"parcelportal/core/access"
	"parcelportal/core/carrier"
	"parcelportal/core/failure"
	"parcelportal/core/parcel"
	"parcelportal/core/shipment"
)

// LabelError is why a label was not made, as a message key with values.
type LabelError struct {
	Message string
	Params  map[string]string
}

// Labelled is what a label call made.
type Labelled struct {
	// Errors is empty when the parcel holds its new label.
	Errors     []LabelError
	Identifier string
	LabelType  string
}

const (
	defaultCallTimeout = 30 * time.Second
	defaultLease       = 2 * time.Minute
)

// MakeLabel asks the carrier for the parcel's label now (spec 2 section
// 4.5). It holds the parcel's lease for the call, so two calls never
// label one parcel at once; it starts the next attempt (a new reference),
// voids a live label of the earlier attempt first, writes SUBMITTING
// before the carrier is asked, and the label or the refusal right after.
// An attempt found SUBMITTING (a call that stopped half way) asks the
// carrier for the label of its reference first, so nothing is labelled
// twice. What the carrier refused comes back as errors, not as a failure.
func (s Service) MakeLabel(ctx context.Context, caller *access.Caller, id int64) (Labelled, error) {
	p, err := s.visible(ctx, caller, id)
	if err != nil {
		return Labelled{}, err
	}
	if err := labellable(p); err != nil {
		return Labelled{}, err
	}
	c, rules, err := s.customerRules(ctx, p.CustomerID)
	if err != nil {
		return Labelled{}, err
	}
	now := s.Now.UTC()
	p, cur, ok, err := s.Attempts.Claim(ctx, id, now, now.Add(s.lease()))
	if err != nil {
		return Labelled{}, err
	}
	keep := context.WithoutCancel(ctx)
	defer func() { _ = s.Attempts.Release(keep, id) }()
	if err := labellable(p); err != nil {
		return Labelled{}, err
	}
	sh, err := nextAttempt(p, cur, ok)
	if err != nil {
		return Labelled{}, err
	}
	if sh, err = s.Attempts.Next(ctx, id, sh); err != nil {
		return Labelled{}, err
	}
	creds, hasCreds := batchjob.CredentialsOf(c)
	if !hasCreds {
		return s.failed(keep, &sh, Outcome{ErrorMessage: batchjob.KeyNoCredentials})
	}
	// A label of the earlier attempt is voided before the new one is made.
	if sh.Status() == shipment.Pending && sh.Identifier() != "" {
		ex, err := s.cancel(keep, creds, sh.Identifier())
		if err != nil && !batchjob.IsFault(err) {
			return s.failed(keep, &sh, Outcome{ErrorMessage: batchjob.KeyCarrierUnavailable, Exchanges: ex})
		}
		// Voided, or the carrier no longer knows it: not the parcel's label any more.
		if err := sh.Voided(); err != nil {
			return Labelled{}, err
		}
		if err := s.Attempts.Voided(keep, sh.ID, ex); err != nil {
			return Labelled{}, err
		}
	}
	resumed := sh.Status() == shipment.Submitting
	if !resumed {
		if err := sh.Submit(); err != nil {
			return Labelled{}, err
		}
		if err := s.Attempts.Submitting(keep, sh.ID); err != nil {
			return Labelled{}, err
		}
	}
	req := carrier.Request{Reference: sh.Reference, LabelType: p.LabelType, Shipment: sh.Draft, SenderHub: rules.HubCountry}
	l, ex, err := s.label(keep, creds, req, resumed)
	if err == nil {
		if err := sh.Label(l.Identifier); err != nil {
			return Labelled{}, err
		}
		o := Outcome{ShipmentID: sh.ID, State: sh.Status(), Label: l, LabelType: p.LabelType, Traffic: l.Traffic, Exchanges: ex, At: s.Now.UTC()}
		if err := s.Attempts.Finish(keep, o); err != nil {
			return Labelled{}, err
		}
		return Labelled{Identifier: l.Identifier, LabelType: p.LabelType}, nil
	}
	key, params := batchjob.Explain(err, func(field string) string { return sh.Draft.Fields[field] })
	o := Outcome{ErrorMessage: key, ErrorParams: params, Exchanges: ex}
	if len(ex) > 0 {
		o.Traffic = ex[len(ex)-1].Traffic
	}
	return s.failed(keep, &sh, o)
}

// labellable: only a valid parcel outside a manifest is labelled.
func labellable(p parcel.Parcel) error {
	if p.InManifest() {
		return parcel.ErrManifested
	}
	if !p.Validated.Valid {
		return failure.New(failure.Conflict, shipment.KeyRowInvalid)
	}
	return nil
}

// nextAttempt is the shipment this call labels: the first attempt, the
// next after a finished one (keeping a live label to void first), or an
// attempt a stopped call left open, resumed.
func nextAttempt(p parcel.Parcel, cur shipment.Shipment, ok bool) (shipment.Shipment, error) {
	switch {
	case !ok:
		return shipment.New(p.Validated, 1, parcel.Reference(p.ID, 1))
	case cur.Status().Open():
		return cur, nil
	}
	if err := cur.Retry(func(attempt int) string { return parcel.Reference(p.ID, attempt) }); err != nil {
		return shipment.Shipment{}, err
	}
	cur.Draft = p.Validated.Draft()
	return cur, nil
}

// failed ends the attempt without a label and answers why.
func (s Service) failed(ctx context.Context, sh *shipment.Shipment, o Outcome) (Labelled, error) {
	if err := sh.Fail(); err != nil {
		return Labelled{}, err
	}
	o.ShipmentID, o.State, o.At = sh.ID, sh.Status(), s.Now.UTC()
	if err := s.Attempts.Finish(ctx, o); err != nil {
		return Labelled{}, err
	}
	return Labelled{Errors: []LabelError{{Message: o.ErrorMessage, Params: o.ErrorParams}}}, nil
}

func (s Service) lease() time.Duration {
	if s.Lease > 0 {
		return s.Lease
	}
	return defaultLease
}

// call gives one carrier call its own deadline.
func (s Service) call(ctx context.Context) (context.Context, context.CancelFunc) {
	d := s.CallTimeout
	if d <= 0 {
		d = defaultCallTimeout
	}
	return context.WithTimeout(ctx, d)
}

// label gets the label: a resumed attempt asks for the label of its
// reference first; a call whose answer was lost asks once more whether the
// label was made before giving up, so nothing is labelled twice.
func (s Service) label(ctx context.Context, creds carrier.Credentials, req carrier.Request, findFirst bool) (carrier.Label, []batchjob.Exchange, error) {
	var ex []batchjob.Exchange
	find := func() (carrier.Label, bool, error) {
		call, cancel := s.call(ctx)
		defer cancel()
		l, found, err := s.Carrier.Find(call, creds, req.Reference)
		ex = batchjob.Exchanged(ex, batchjob.OpFind, l.Traffic, err)
		return l, found, err
	}
	if findFirst {
		l, found, err := find()
		if err != nil {
			return l, ex, err
		}
		if found {
			return l, ex, nil
		}
	}
	call, cancel := s.call(ctx)
	l, err := s.Carrier.AddAndPrint(call, creds, req)
	cancel()
	ex = batchjob.Exchanged(ex, batchjob.OpAddAndPrint, l.Traffic, err)
	if err == nil || batchjob.IsFault(err) {
		return l, ex, err
	}
	if found, ok, ferr := find(); ferr == nil && ok {
		return found, ex, nil
	}
	return l, ex, err
}

// cancel voids a label at the carrier.
func (s Service) cancel(ctx context.Context, creds carrier.Credentials, identifier string) ([]batchjob.Exchange, error) {
	call, done := s.call(ctx)
	defer done()
	t, err := s.Carrier.Cancel(call, creds, identifier)
	return batchjob.Exchanged(nil, batchjob.OpCancel, t, err), err
}
