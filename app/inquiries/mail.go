package inquiries

import (
	"context"
)

// Mail sends a filed inquiry's mails (the job): to the tenant's service
// address with the PDF and the attachments, and a copy to the sender when
// asked. Each mail is marked as it goes out and not sent again: a retry
// after the relay failed between them sends only the copy. A failure is
// the job's to retry.
func (s Service) Mail(ctx context.Context, id int64) error {
	in, pdf, err := s.Store.Get(ctx, id)
	if err != nil || !in.MailedAt.IsZero() {
		return err
	}
	tenant, err := s.tenant(ctx, in.TenantID)
	if err != nil {
		return err
	}
	if in.DeskMailedAt.IsZero() {
		if err := s.Mailer.MailDesk(ctx, in, tenant, pdf); err != nil {
			return err
		}
		if _, err := s.Store.MarkDeskMailed(ctx, id, s.now().UTC()); err != nil {
			return err
		}
	}
	if err := s.Mailer.MailSenderCopy(ctx, in, tenant, pdf); err != nil {
		return err
	}
	_, err = s.Store.MarkMailed(ctx, id, s.now().UTC())
	return err
}

// Resume hands every inquiry and newsletter subscription whose mails have
// not gone out to the queue again (the worker calls it on its schedule):
// one filed while the queue was away is mailed all the same.
func (s Service) Resume(ctx context.Context) error {
	ids, err := s.Store.Unmailed(ctx)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if err := s.Queue.MailInquiry(ctx, id); err != nil {
			return err
		}
	}
	if ids, err = s.Store.UnmailedSubscriptions(ctx); err != nil {
		return err
	}
	for _, id := range ids {
		if err := s.Queue.MailSubscription(ctx, id); err != nil {
			return err
		}
	}
	return nil
}
