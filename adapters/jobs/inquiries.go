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

// inquiryMailTask is the task type of a filed inquiry's mails.
const inquiryMailTask = "inquiry:mail"

// InquiryMailer sends filed inquiries' mails (app/inquiries.Service).
type InquiryMailer interface {
	Mail(ctx context.Context, id int64) error
	// Resume queues the mails of inquiries not mailed yet.
	Resume(ctx context.Context) error
}

type inquiryPayload struct {
	InquiryID int64  `json:"inquiryId"`
	RequestID string `json:"requestId,omitempty"`
}

var _ inquiries.Queue = (*Queue)(nil)

// MailInquiry queues an inquiry's mails once: a second call while the first
// waits or runs adds nothing, and the job's retries (a mail relay that is
// away) wait longer each time.
func (q *Queue) MailInquiry(ctx context.Context, id int64) error {
	body, err := json.Marshal(inquiryPayload{InquiryID: id, RequestID: origin.RequestID(ctx)})
	if err != nil {
		return err
	}
	_, err = q.client.EnqueueContext(ctx, asynq.NewTask(inquiryMailTask, body), asynq.Queue(q.name),
		asynq.TaskID("inquiry-"+strconv.FormatInt(id, 10)+"-mail"), asynq.MaxRetry(q.maxRetry), asynq.Timeout(taskTimeout))
	if duplicate(err) {
		return nil
	}
	return err
}

// handleInquiry runs an inquiry's mail job.
func (w *Worker) handleInquiry(ctx context.Context, t *asynq.Task) error {
	var p inquiryPayload
	if err := json.Unmarshal(t.Payload(), &p); err != nil || p.InquiryID == 0 {
		return fmt.Errorf("%w: inquiry task payload %q", asynq.SkipRetry, t.Payload())
	}
	if p.RequestID != "" {
		ctx = origin.WithRequestID(ctx, p.RequestID)
	}
	err := w.opt.Inquiries.Mail(ctx, p.InquiryID)
	if err != nil {
		w.opt.Log.WarnContext(ctx, "inquiry mail job failed", "inquiry", p.InquiryID, "error", err)
	}
	return err
}

// resumeInquiries queues the mails of inquiries not mailed yet (an inquiry
// filed while Redis was away).
func (w *Worker) resumeInquiries(ctx context.Context) {
	if w.opt.Inquiries == nil {
		return
	}
	if err := w.opt.Inquiries.Resume(ctx); err != nil && ctx.Err() == nil {
		w.opt.Log.Warn("resuming inquiry mails failed", "error", err)
	}
}
