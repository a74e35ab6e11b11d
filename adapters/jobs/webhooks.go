package jobs

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"github.com/hibiken/asynq"

	"parcelportal/app/webhooks"
)

// webhookTask is the task type of one try of a webhook delivery.
const webhookTask = "webhook:deliver"

// webhookTimeout bounds one try: the sender's own timeout and the
// database's writes.
const webhookTimeout = time.Minute

// WebhookDeliverer makes webhook deliveries' tries (app/webhooks.Service).
type WebhookDeliverer interface {
	Deliver(ctx context.Context, deliveryID int64) error
	// Sweep queues the due deliveries no task holds.
	Sweep(ctx context.Context) (int, error)
}

type webhookPayload struct {
	DeliveryID int64 `json:"deliveryId"`
}

var _ webhooks.Queue = (*Queue)(nil)

// Deliver queues a try of a delivery at a time (now when zero), under a
// task id of the delivery and that time: queueing the same try twice adds
// nothing. The tries' backoff is the outbox's (core/webhook), kept in
// Postgres with the delivery log; asynq's own retries only cover a try that
// could not record its outcome (the database away).
func (q *Queue) Deliver(ctx context.Context, deliveryID int64, at time.Time) error {
	body, err := json.Marshal(webhookPayload{DeliveryID: deliveryID})
	if err != nil {
		return err
	}
	if at.IsZero() {
		// A sweep's try: one task per delivery and minute.
		at = time.Now().Truncate(time.Minute)
	}
	id := "webhook-" + strconv.FormatInt(deliveryID, 10) + "-" + strconv.FormatInt(at.Unix(), 10)
	opts := []asynq.Option{asynq.Queue(q.name), asynq.MaxRetry(q.maxRetry), asynq.Timeout(webhookTimeout),
		asynq.ProcessAt(at), asynq.TaskID(id), asynq.Retention(time.Hour)}
	_, err = q.client.EnqueueContext(ctx, asynq.NewTask(webhookTask, body), opts...)
	if duplicate(err) {
		return nil
	}
	return err
}

// handleWebhook runs one try of a delivery.
func (w *Worker) handleWebhook(ctx context.Context, t *asynq.Task) error {
	var p webhookPayload
	if err := json.Unmarshal(t.Payload(), &p); err != nil || p.DeliveryID == 0 {
		return fmt.Errorf("%w: webhook task payload %q", asynq.SkipRetry, t.Payload())
	}
	if err := w.opt.Webhooks.Deliver(ctx, p.DeliveryID); err != nil {
		w.opt.Log.WarnContext(ctx, "webhook delivery job failed", "delivery", p.DeliveryID, "error", err)
		return err
	}
	return nil
}

// sweepWebhooks queues the webhook deliveries whose try is due and that no
// task holds (Redis was away when they were recorded, or a task was lost).
func (w *Worker) sweepWebhooks(ctx context.Context) {
	if w.opt.Webhooks == nil {
		return
	}
	if _, err := w.opt.Webhooks.Sweep(ctx); err != nil && ctx.Err() == nil {
		w.opt.Log.Warn("sweeping webhook deliveries failed", "error", err)
	}
}
