package webhooks

import (
	"context"
	"errors"
	"time"

	"parcelportal/core/failure"
	"parcelportal/core/webhook"
)

// Deliver makes one try of a pending delivery (the worker's task): it
// signs the event with the endpoint's secret and this try's time under the
// event's stable id, posts it, and records the outcome: delivered, or the
// next try queued on the backoff, or failed for good. An endpoint failing
// for a day is disabled and its customer's users get a mail. A delivery
// that is no longer pending (delivered, its endpoint disabled or deleted)
// is not tried: running a task twice sends nothing twice that was answered.
func (s Service) Deliver(ctx context.Context, deliveryID int64) error {
	a, ok, err := s.Outbox.Attempt(ctx, deliveryID)
	if err != nil || !ok {
		return err
	}
	now := s.now()
	if !a.Delivery.NextTry.IsZero() && a.Delivery.NextTry.After(now) {
		// Too early (a repeated task): the queue holds the right one.
		return nil
	}
	body, err := a.Event.Body()
	if err != nil {
		return err
	}
	headers, err := webhook.Headers(a.Endpoint.Secret, a.Event.ID, now, body)
	if err != nil {
		return err
	}
	status, took, postErr := s.Sender.Post(ctx, a.Endpoint.URL, headers, body)
	o := webhook.Outcome{Status: status, Duration: took, At: now}
	if postErr != nil {
		o.Error = tryError(postErr)
	}
	d := a.Delivery.Record(o)
	failingSince, err := s.Outbox.Finish(ctx, d)
	if err != nil {
		return err
	}
	if d.State == webhook.Delivered {
		return nil
	}
	if webhook.ShouldDisable(failingSince, now) {
		if err := s.Outbox.Disable(ctx, a.Endpoint.ID, "failing since "+failingSince.UTC().Format(time.RFC3339)); err != nil {
			return err
		}
		a.Endpoint.Enabled = false
		a.Endpoint.FailingSince = failingSince
		return s.Mailer.EndpointDisabled(ctx, a.Endpoint)
	}
	if d.State == webhook.Pending {
		// Not taken now: the sweep takes it when it is due.
		_ = s.Queue.Deliver(ctx, d.ID, d.NextTry)
	}
	return nil
}

// tryError is what the log says of a try without an answer: the message
// key of a refused address, else that the endpoint could not be reached
// (no internals of the network).
func tryError(err error) string {
	var f *failure.Error
	if errors.As(err, &f) {
		return f.Key
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return "error.webhook.timeout"
	}
	return "error.webhook.unreachable"
}

// Sweep records the events of committed batch changes (the batch table is
// their outbox) and of labels cancelled (noted with the change, their
// outbox) and hands the worker their deliveries, then the deliveries
// whose next try has come but that no queued task holds (a queue that was down, a crash between the commit
// and the enqueue): the outbox is the truth, the queue its runner.
func (s Service) Sweep(ctx context.Context) (int, error) {
	changed, err := s.Outbox.RecordChanges(ctx, s.now())
	if err != nil {
		return 0, err
	}
	for _, id := range changed {
		_ = s.Queue.Deliver(ctx, id, time.Time{})
	}
	ids, err := s.Outbox.Due(ctx, s.now().Add(-time.Minute), 1000)
	if err != nil {
		return 0, err
	}
	for _, id := range ids {
		if err := s.Queue.Deliver(ctx, id, time.Time{}); err != nil {
			return 0, err
		}
	}
	return len(ids), nil
}
