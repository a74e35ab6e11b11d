package batchjob

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"parcelportal/core/batch"
	"parcelportal/core/carrier"
	"parcelportal/core/failure"
)

// Options tune a Runner; zero values take the defaults.
type Options struct {
	// Concurrency bounds the carrier calls in flight across all jobs the
	// runner works on (default 16).
	Concurrency int
	// Tries is how often a call the carrier did not answer is made before
	// the shipment fails (default 4).
	Tries int
	// Backoff is the wait before the first retry; it doubles with every
	// further one up to MaxBackoff (defaults 500 ms and 8 s).
	Backoff, MaxBackoff time.Duration
	// Poll is how often a send looks whether it was cancelled (default 500 ms).
	Poll time.Duration
	// CallTimeout bounds one carrier call (default 2 min). A call in flight
	// when the job is stopped still finishes and is recorded.
	CallTimeout time.Duration
	Now         func() time.Time
	Log         *slog.Logger
}

// DefaultConcurrency is the carrier calls in flight unless configured.
const DefaultConcurrency = 16

func (o Options) withDefaults() Options {
	if o.Concurrency <= 0 {
		o.Concurrency = DefaultConcurrency
	}
	if o.Tries <= 0 {
		o.Tries = 4
	}
	if o.Backoff <= 0 {
		o.Backoff = 500 * time.Millisecond
	}
	if o.MaxBackoff <= 0 {
		o.MaxBackoff = 8 * time.Second
	}
	if o.Poll <= 0 {
		o.Poll = 500 * time.Millisecond
	}
	if o.CallTimeout <= 0 {
		o.CallTimeout = 2 * time.Minute
	}
	if o.Now == nil {
		o.Now = func() time.Time { return time.Now().UTC() }
	}
	if o.Log == nil {
		o.Log = slog.Default()
	}
	return o
}

// Runner executes batch jobs. One runner serves a worker process, so its
// bound on carrier calls holds across the batches it works on at once.
type Runner struct {
	jobs        Jobs
	preparing   Preparing
	labelling   Labelling
	voiding     Voiding
	manifesting Manifesting
	customers   Customers
	carrier     carrier.Carrier
	opt         Options
	slots       chan struct{}
}

// NewRunner returns a runner working through the ports with the carrier.
func NewRunner(p Ports, customers Customers, c carrier.Carrier, opt Options) *Runner {
	opt = opt.withDefaults()
	return &Runner{jobs: p.Jobs, preparing: p.Preparing, labelling: p.Labelling, voiding: p.Voiding, manifesting: p.Manifesting,
		customers: customers, carrier: c, opt: opt, slots: make(chan struct{}, opt.Concurrency)}
}

// statuses are the batch statuses each batch-wide kind works in; a job
// whose batch is in none of them has nothing (more) to do.
var statuses = map[Kind][]batch.Status{
	Send:           {batch.Sending},
	Resend:         {batch.Resending, batch.ResendingChange, batch.ResendingError},
	Cancel:         {batch.Cancelling},
	DeleteShipment: {batch.Deleting},
	Manifest:       {batch.CreatingManifest},
}

// KindOf names the job that works on a batch in status s with job filter
// f: DELETING is the status of two jobs, told apart by the filter.
func KindOf(s batch.Status, f batch.Filter) (Kind, bool) {
	if s == batch.Deleting && f == batch.FilterBatch {
		return DeleteBatch, true
	}
	for k, ss := range statuses {
		for _, x := range ss {
			if x == s {
				return k, true
			}
		}
	}
	return "", false
}

// Run does the job's work that is still to do. It answers ErrBusy when
// another runner holds the batch, and the context's error when stopped
// before the end; both leave the batch ready to be resumed.
func (r *Runner) Run(ctx context.Context, j Job) error {
	release, err := r.jobs.Lock(ctx, j.BatchID)
	if err != nil {
		return err
	}
	defer release()
	b, err := r.jobs.Batch(ctx, j.BatchID)
	if isNotFound(err) {
		return nil
	}
	if err != nil {
		return err
	}
	switch {
	case (j.Kind == SendOne || j.Kind == CancelOne) && b.Status != batch.Sent:
		// Single shipments change only in a sent batch; a job queued before
		// the batch moved on (to a manifest, say) must not touch it.
		r.opt.Log.InfoContext(ctx, "shipment job has nothing to do", "kind", j.Kind, "batch", b.ID, "status", b.Status)
		return nil
	case j.Kind == SendOne:
		return r.sendOne(ctx, b, j.ShipmentID)
	case j.Kind == CancelOne:
		return r.cancelOne(ctx, b, j.ShipmentID)
	}
	if k, ok := KindOf(b.Status, b.Filter); !ok || k != j.Kind {
		r.opt.Log.InfoContext(ctx, "batch job has nothing to do", "kind", j.Kind, "batch", b.ID, "status", b.Status)
		return nil
	}
	switch j.Kind {
	case Send, Resend:
		return r.send(ctx, b)
	case Cancel:
		return r.void(ctx, b, voiding{filter: batch.FilterAll, done: batch.JobSucceeded, incomplete: KeyVoidIncomplete})
	case DeleteShipment:
		return r.void(ctx, b, voiding{filter: filterOf(b), remove: true, done: batch.JobSucceeded, incomplete: KeyVoidIncomplete})
	case DeleteBatch:
		return r.void(ctx, b, voiding{filter: batch.FilterAll, done: batch.JobDeletedBatch, incomplete: KeyDeleteIncomplete})
	case Manifest:
		return r.manifest(ctx, b)
	}
	return fmt.Errorf("batchjob: unknown kind %q", j.Kind)
}

// Unattended lists the jobs of batches left in a job's status that no
// runner holds: a worker died in the middle of them, so they are to be
// resumed.
func (r *Runner) Unattended(ctx context.Context) ([]Job, error) {
	idle, err := r.jobs.Idle(ctx)
	if err != nil {
		return nil, err
	}
	var jobs []Job
	for _, b := range idle {
		if k, ok := KindOf(b.Status, b.Filter); ok {
			jobs = append(jobs, Job{Kind: k, BatchID: b.ID})
		}
	}
	return jobs, nil
}

// filterOf is the job's selection: the batch row's filter, else what the
// resend status names.
func filterOf(b Batch) batch.Filter {
	if b.Filter != "" {
		return b.Filter
	}
	switch b.Status {
	case batch.ResendingChange:
		return batch.FilterChanged
	case batch.ResendingError:
		return batch.FilterError
	}
	return batch.FilterAll
}

// settle moves the batch on as its job ended, with the message key (and
// its parameters) of a failure. Written with a context that survives a
// shutdown: the work is done, only its record is missing.
func (r *Runner) settle(ctx context.Context, b Batch, step batch.Step, message string, params map[string]string) error {
	next, err := batch.Next(b.Status, step, false)
	if err != nil {
		return err
	}
	moved, err := r.jobs.Settle(context.WithoutCancel(ctx), b.ID, b.Status, next, message, params)
	if err != nil {
		return err
	}
	r.opt.Log.InfoContext(ctx, "batch job ended", "batch", b.ID, "from", b.Status, "to", next, "moved", moved, "error", message)
	return nil
}

func isNotFound(err error) bool {
	var f *failure.Error
	return errors.As(err, &f) && f.Kind == failure.NotFound
}
