package batchjob

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"parcelportal/core/batch"
	"parcelportal/core/carrier"
	"parcelportal/core/shipment"
)

// send labels the shipments of a send or resend: it chooses them once
// (Prepare), then submits every one still PENDING or SUBMITTING. A cancel
// of the batch stops it between shipments; the cancel job takes over.
func (r *Runner) send(ctx context.Context, b Batch) error {
	if !b.Prepared {
		var err error
		if b.Status == batch.Sending {
			err = r.preparing.PrepareSend(ctx, b.ID)
		} else {
			err = r.preparing.PrepareResend(ctx, b.ID, filterOf(b))
		}
		if err != nil {
			return err
		}
	}
	open, err := r.labelling.Open(ctx, b.ID)
	if err != nil {
		return err
	}
	creds, ok, err := r.credentials(ctx, b.CustomerID)
	if err != nil {
		return err
	}
	if !ok {
		return r.failOpen(ctx, b, open, KeyNoCredentials)
	}
	res, err := r.submitAll(ctx, b, creds, open, true)
	if err != nil || res.stopped {
		return err
	}
	if res.refused {
		return r.refused(ctx, b)
	}
	labelled, err := r.labelling.Succeeded(ctx, b.ID)
	if err != nil {
		return err
	}
	if labelled == 0 {
		key := KeyNothingSent
		if res.failed > 0 && res.failed == res.unavailable {
			key = KeyCarrierUnavailable
		}
		return r.settle(ctx, b, batch.JobFailed, key, nil)
	}
	return r.settle(ctx, b, batch.JobSucceeded, "", nil)
}

// sendOne labels one shipment again (its row was fixed, or it failed).
func (r *Runner) sendOne(ctx context.Context, b Batch, shipmentID int64) error {
	s, ok, err := r.preparing.PrepareOne(ctx, b.ID, shipmentID)
	if err != nil || !ok {
		return err
	}
	creds, ok, err := r.credentials(ctx, b.CustomerID)
	if err != nil {
		return err
	}
	if !ok {
		return r.finish(ctx, r.labelling, b, &s, (*shipment.Shipment).Fail, Outcome{ErrorMessage: KeyNoCredentials})
	}
	_, err = r.submitAll(ctx, b, creds, []Shipment{s}, false)
	return err
}

// refused ends a send whose login the carrier refused: the shipments not
// tried fail with the reason, and so does the batch.
func (r *Runner) refused(ctx context.Context, b Batch) error {
	open, err := r.labelling.Open(ctx, b.ID)
	if err != nil {
		return err
	}
	return r.failOpen(ctx, b, open, KeyCredentialsRefused)
}

// failOpen fails the open shipments and the batch with one reason.
func (r *Runner) failOpen(ctx context.Context, b Batch, open []Shipment, key string) error {
	for _, s := range open {
		if err := r.finish(ctx, r.labelling, b, &s, (*shipment.Shipment).Fail, Outcome{ErrorMessage: key}); err != nil {
			return err
		}
	}
	return r.settle(ctx, b, batch.JobFailed, key, nil)
}

func (r *Runner) credentials(ctx context.Context, customerID int64) (carrier.Credentials, bool, error) {
	c, err := r.customers.Get(ctx, customerID)
	if isNotFound(err) {
		return carrier.Credentials{}, false, nil
	}
	if err != nil {
		return carrier.Credentials{}, false, err
	}
	creds, ok := CredentialsOf(c)
	return creds, ok, nil
}

// sent tells how the shipments of one run ended.
type sent struct {
	// stopped: the batch left the job's status (a cancel) before the end.
	stopped bool
	// refused: the carrier refused the login; the rest was not tried.
	refused             bool
	failed, unavailable int
}

// workers is how many shipments a job works on at once: twice the carrier
// calls allowed, so that while one shipment's result is written another's
// call is already under way.
func (r *Runner) workers() int { return 2 * r.opt.Concurrency }

// fanOut hands the shipments to r.workers() goroutines that run each, until
// stop says so (asked before each is handed out) or ctx ends, and waits for
// them all.
func (r *Runner) fanOut(ctx context.Context, todo []Shipment, stop func() bool, each func(Shipment)) {
	var wg sync.WaitGroup
	queue := make(chan Shipment)
	for range min(r.workers(), len(todo)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for s := range queue {
				each(s)
			}
		}()
	}
	for _, s := range todo {
		if stop() || ctx.Err() != nil {
			break
		}
		queue <- s
	}
	close(queue)
	wg.Wait()
}

// submitAll submits shipments with at most Concurrency carrier calls at a
// time. With watch it stops handing out shipments once the batch leaves its
// status; the calls in flight finish either way.
func (r *Runner) submitAll(ctx context.Context, b Batch, creds carrier.Credentials, todo []Shipment, watch bool) (sent, error) {
	var (
		stop, left, refused atomic.Bool
		failed, unavailable atomic.Int64
		firstErr            error
		errOnce             sync.Once
	)
	fail := func(err error) {
		errOnce.Do(func() { firstErr = err })
		stop.Store(true)
	}
	if watch {
		done := make(chan struct{})
		defer close(done)
		go r.watch(ctx, b, &stop, &left, done)
	}
	r.fanOut(ctx, todo, stop.Load, func(s Shipment) {
		if stop.Load() {
			return
		}
		outcome, err := r.submit(ctx, b, creds, s)
		switch {
		case err != nil:
			fail(err)
		case outcome == refusedByCarrier:
			failed.Add(1)
		case outcome == unanswered:
			failed.Add(1)
			unavailable.Add(1)
		case outcome == loginRefused:
			failed.Add(1)
			refused.Store(true)
			stop.Store(true)
		}
	})
	if firstErr == nil && ctx.Err() != nil {
		firstErr = ctx.Err()
	}
	if errors.Is(firstErr, errStopped) {
		firstErr = ctx.Err()
	}
	return sent{stopped: left.Load() && firstErr == nil, refused: refused.Load() && firstErr == nil,
		failed: int(failed.Load()), unavailable: int(unavailable.Load())}, firstErr
}

// watch sets stop and left once the batch is no longer in the status the
// job runs in.
func (r *Runner) watch(ctx context.Context, b Batch, stop, left *atomic.Bool, done <-chan struct{}) {
	t := time.NewTicker(r.opt.Poll)
	defer t.Stop()
	for {
		select {
		case <-done:
			return
		case <-ctx.Done():
			return
		case <-t.C:
			s, err := r.jobs.Status(ctx, b.ID)
			if err != nil {
				if !isNotFound(err) {
					r.opt.Log.Warn("batch status unreadable", "batch", b.ID, "error", err)
					continue
				}
			}
			if s != b.Status {
				r.opt.Log.Info("batch left its job's status; stopping", "batch", b.ID, "status", s)
				left.Store(true)
				stop.Store(true)
				return
			}
		}
	}
}

// submitted tells submitAll how one shipment's attempt ended.
type submitted int

const (
	labelled submitted = iota
	// refusedByCarrier: the carrier refused the shipment (a fault).
	refusedByCarrier
	// unanswered: the carrier did not answer.
	unanswered
	// loginRefused: the carrier refused the customer's login.
	loginRefused
)

// submit labels one shipment. It writes SUBMITTING before the carrier is
// asked, and the label, or the carrier's refusal, right after; writes after
// a call survive a shutdown so no label made is left unrecorded.
func (r *Runner) submit(ctx context.Context, b Batch, creds carrier.Credentials, s Shipment) (submitted, error) {
	keep := context.WithoutCancel(ctx)
	if s.Status() == shipment.Pending && s.Identifier() != "" {
		ex, err := r.cancelLabel(ctx, creds, s.Identifier())
		switch {
		case errors.Is(err, errStopped):
			return 0, err
		case err != nil && !IsFault(err):
			// The earlier label still stands; the shipment fails and keeps it
			// so that a later resend voids it first.
			return unanswered, r.finish(keep, r.labelling, b, &s, (*shipment.Shipment).Fail, Outcome{ErrorMessage: KeyCarrierUnavailable, Exchanges: ex})
		}
		// Voided, or refused because the carrier no longer knows the label:
		// either way it is not the shipment's label any more.
		if err := s.Voided(); err != nil {
			return 0, err
		}
		if err := r.labelling.Voided(keep, s.ID, ex); err != nil {
			return 0, err
		}
	}
	// A shipment found SUBMITTING may have its label already: ask first.
	resumed := s.Status() == shipment.Submitting
	if !resumed {
		if err := s.Submit(); err != nil {
			return 0, err
		}
		if err := r.labelling.Submitting(ctx, s.ID); err != nil {
			return 0, err
		}
	}
	req := carrier.Request{Reference: s.Reference, LabelType: b.LabelType, Shipment: s.Draft, SenderHub: b.HubCountry}
	l, ex, err := r.label(ctx, creds, req, resumed)
	switch {
	case errors.Is(err, errStopped):
		return 0, err
	case err == nil:
		label := func(s *shipment.Shipment) error { return s.Label(l.Identifier) }
		return labelled, r.finish(keep, r.labelling, b, &s, label, Outcome{Label: l, LabelType: b.LabelType, Traffic: l.Traffic, Exchanges: ex})
	}
	key, params := Explain(err, func(field string) string { return s.Draft.Fields[field] })
	o := Outcome{ErrorMessage: key, ErrorParams: params, Exchanges: ex}
	if len(ex) > 0 {
		o.Traffic = ex[len(ex)-1].Traffic
	}
	r.opt.Log.Info("shipment not labelled", "batch", b.ID, "reference", s.Reference, "error", err)
	if err := r.finish(keep, r.labelling, b, &s, (*shipment.Shipment).Fail, o); err != nil {
		return 0, err
	}
	var f *carrier.Fault
	switch {
	case errors.As(err, &f) && f.Code == carrier.CodeInvalidCredentials:
		return loginRefused, nil
	case f != nil:
		return refusedByCarrier, nil
	}
	return unanswered, nil
}

// finisher writes outcomes: Labelling for a send, Voiding for a cancel.
type finisher interface {
	Finish(ctx context.Context, o Outcome) error
}

// finish moves the shipment on (a core/shipment transition, which refuses
// what its status does not allow) and writes the outcome with the status
// it reached.
func (r *Runner) finish(ctx context.Context, w finisher, b Batch, s *Shipment, move func(*shipment.Shipment) error, o Outcome) error {
	if err := move(&s.Shipment); err != nil {
		return err
	}
	o.ShipmentID, o.BatchID, o.State, o.At = s.ID, b.ID, s.Status(), r.opt.Now()
	return w.Finish(ctx, o)
}
