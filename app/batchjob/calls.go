package batchjob

import (
	"context"
	"errors"
	"time"

	"parcelportal/core/carrier"
)

// errStopped marks a job stopped while it waited to retry: the shipment
// stays as it is and the resumed job goes on with it.
var errStopped = errors.New("batchjob: stopped")

// call waits for a free place among the runner's carrier calls, then gives
// the call its own deadline, detached from the job's cancellation: a call
// in flight when the worker shuts down completes and its label is recorded
// rather than lost. done frees the place.
func (r *Runner) call(ctx context.Context) (context.Context, func(), error) {
	select {
	case r.slots <- struct{}{}:
	case <-ctx.Done():
		return nil, nil, errStopped
	}
	call, cancel := context.WithTimeout(context.WithoutCancel(ctx), r.opt.CallTimeout)
	return call, func() {
		cancel()
		<-r.slots
	}, nil
}

// retry runs one carrier step until it succeeds, the carrier refuses it (a
// *carrier.Fault), or Tries calls went unanswered; it waits with doubling
// backoff between tries and gives up with errStopped when ctx ends.
func (r *Runner) retry(ctx context.Context, step func(try int) error) error {
	wait := r.opt.Backoff
	for try := 1; ; try++ {
		err := step(try)
		if err == nil || IsFault(err) || errors.Is(err, errStopped) || try >= r.opt.Tries {
			return err
		}
		r.opt.Log.Warn("carrier did not answer; trying again", "try", try, "wait", wait, "error", err)
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return errStopped
		case <-t.C:
		}
		wait = min(2*wait, r.opt.MaxBackoff)
	}
}

// IsFault reports whether the carrier refused the call (a *carrier.Fault),
// as opposed to not answering it.
func IsFault(err error) bool {
	var f *carrier.Fault
	return errors.As(err, &f)
}

// Explain is what a shipment or batch shows of a failed call: a message
// key with its parameters, in the user's language. A carrier's refusal is
// explained by its code (value reads the request's field values); its own
// English text stays in the traffic, and in the parameters of a code the
// portal has no key for.
func Explain(err error, value func(field string) string) (string, map[string]string) {
	var f *carrier.Fault
	if !errors.As(err, &f) {
		return KeyCarrierUnavailable, nil
	}
	return f.Explain(value)
}

// Exchanged appends the traffic of a call when one took place; a fault
// carries its own.
func Exchanged(ex []Exchange, op string, t carrier.Traffic, err error) []Exchange {
	var f *carrier.Fault
	if errors.As(err, &f) && f.Traffic != (carrier.Traffic{}) {
		t = f.Traffic
	}
	if t == (carrier.Traffic{}) {
		return ex
	}
	return append(ex, Exchange{Operation: op, Traffic: t})
}

// label gets the label of a shipment. A shipment found SUBMITTING, and every
// retry after a call that went unanswered, first asks the carrier whether
// the label was made (the answer may have been lost), so nothing is
// labelled twice.
func (r *Runner) label(ctx context.Context, creds carrier.Credentials, req carrier.Request, findFirst bool) (carrier.Label, []Exchange, error) {
	var (
		ex    []Exchange
		label carrier.Label
	)
	err := r.retry(ctx, func(try int) error {
		call, done, err := r.call(ctx)
		if err != nil {
			return err
		}
		defer done()
		if findFirst || try > 1 {
			l, found, err := r.carrier.Find(call, creds, req.Reference)
			ex = Exchanged(ex, OpFind, l.Traffic, err)
			if err != nil {
				return err
			}
			if found {
				label = l
				return nil
			}
		}
		l, err := r.carrier.AddAndPrint(call, creds, req)
		ex = Exchanged(ex, OpAddAndPrint, l.Traffic, err)
		label = l
		return err
	})
	return label, ex, err
}

// cancelLabel voids a label at the carrier.
func (r *Runner) cancelLabel(ctx context.Context, creds carrier.Credentials, identifier string) ([]Exchange, error) {
	var ex []Exchange
	err := r.retry(ctx, func(int) error {
		call, done, err := r.call(ctx)
		if err != nil {
			return err
		}
		defer done()
		t, err := r.carrier.Cancel(call, creds, identifier)
		ex = Exchanged(ex, OpCancel, t, err)
		return err
	})
	return ex, err
}

// find asks for the label made for a reference.
func (r *Runner) find(ctx context.Context, creds carrier.Credentials, reference string) (carrier.Label, bool, []Exchange, error) {
	var (
		ex    []Exchange
		label carrier.Label
		found bool
	)
	err := r.retry(ctx, func(int) error {
		call, done, err := r.call(ctx)
		if err != nil {
			return err
		}
		defer done()
		l, ok, err := r.carrier.Find(call, creds, reference)
		ex = Exchanged(ex, OpFind, l.Traffic, err)
		label, found = l, ok
		return err
	})
	return label, found, ex, err
}
