package jobs

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/hibiken/asynq"

	"parcelportal/app/inquiries"
	"parcelportal/core/origin"
)

// The task types of a filed inquiry's mails and of a new newsletter
// subscription's.
const (
	inquiryMailTask      = "inquiry:mail"
	subscriptionMailTask = "newsletter:mail"
)

// InquiryMailer sends filed inquiries' and new newsletter subscriptions'
// mails (app/inquiries.Service).
type InquiryMailer interface {
	Mail(ctx context.Context, id int64) error
	MailSubscription(ctx context.Context, id int64) error
	// Resume queues the mails of inquiries and subscriptions not mailed yet.
	Resume(ctx context.Context) error
}

type inquiryPayload struct {
	InquiryID      int64  `json:"inquiryId,omitempty"`
	SubscriptionID int64  `json:"subscriptionId,omitempty"`
	RequestID      string `json:"requestId,omitempty"`
}

var _ inquiries.Queue = (*Queue)(nil)

// MailInquiry queues an inquiry's mails once: a second call while the first
// waits or runs adds nothing, and the job's retries (a mail relay that is
// away) wait longer each time.
func (q *Queue) MailInquiry(ctx context.Context, id int64) error {
	return q.enqueueMail(ctx, inquiryMailTask, "inquiry-"+strconv.FormatInt(id, 10)+"-mail",
		inquiryPayload{InquiryID: id, RequestID: origin.RequestID(ctx)})
}

// MailSubscription queues a new newsletter subscription's mails once, as
// MailInquiry does.
func (q *Queue) MailSubscription(ctx context.Context, id int64) error {
	return q.enqueueMail(ctx, subscriptionMailTask, "newsletter-"+strconv.FormatInt(id, 10)+"-mail",
		inquiryPayload{SubscriptionID: id, RequestID: origin.RequestID(ctx)})
}

// enqueueMail queues a mail task under its one id (Queue.once): one that
// ran out of retries (a relay away for hours) makes way, or the sweep's
// Resume could never mail it again.
func (q *Queue) enqueueMail(ctx context.Context, taskType, id string, p inquiryPayload) error {
	body, err := json.Marshal(p)
	if err != nil {
		return err
	}
	return q.once(id, func() error {
		_, err := q.client.EnqueueContext(ctx, asynq.NewTask(taskType, body), asynq.Queue(q.name),
			asynq.TaskID(id), asynq.MaxRetry(q.maxRetry), asynq.Timeout(taskTimeout))
		return err
	})
}

// handleInquiry runs an inquiry's or a subscription's mail job.
func (w *Worker) handleInquiry(ctx context.Context, t *asynq.Task) error {
	var p inquiryPayload
	if err := json.Unmarshal(t.Payload(), &p); err != nil || (p.InquiryID == 0) == (p.SubscriptionID == 0) {
		return fmt.Errorf("%w: mail task payload %q", asynq.SkipRetry, t.Payload())
	}
	if p.RequestID != "" {
		ctx = origin.WithRequestID(ctx, p.RequestID)
	}
	failed, key, id, mail := "inquiry mail job failed", "inquiry", p.InquiryID, w.opt.Inquiries.Mail
	if p.SubscriptionID != 0 {
		failed, key, id, mail = "newsletter mail job failed", "subscription", p.SubscriptionID, w.opt.Inquiries.MailSubscription
	}
	err := mail(ctx, id)
	if err != nil {
		w.opt.Log.WarnContext(ctx, failed, key, id, "error", err)
	}
	return err
}

// resumeInquiries queues the mails of inquiries and subscriptions not
// mailed yet (one filed while Redis was away, or whose task ran out of
// retries).
func (w *Worker) resumeInquiries(ctx context.Context) {
	if w.opt.Inquiries == nil {
		return
	}
	if err := w.opt.Inquiries.Resume(ctx); err != nil && ctx.Err() == nil {
		w.opt.Log.Warn("resuming inquiry mails failed", "error", err)
	}
}
