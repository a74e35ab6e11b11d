package inquiries

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/failure"
	"parcelportal/core/inquiry"
)

// Subscribe subscribes an e-mail to the newsletter of the caller's tenant
// (its customer's hub's, else the first): the tracking roles may, counted
// per client address; a subscription is stored once per e-mail and tenant,
// and only a new one is confirmed by mail and told to the tenant's
// marketing addresses, so a second identical call adds nothing and mails
// nobody. The mails go out by a job, as an inquiry's do: a mail relay that
// is away delays them and loses nothing (sent in the request, they were
// lost for good, since the subscription was stored and a second call
// mails nobody).
func (s Service) Subscribe(ctx context.Context, caller *access.Caller, sub inquiry.Subscription, remoteAddr string) error {
	if err := Roles.Check(caller); err != nil {
		return err
	}
	sub, err := inquiry.ValidateSubscription(sub)
	if err != nil {
		return err
	}
	allowed, err := s.Throttle.Attempt(ctx, []string{NewsletterKey + remoteAddr}, s.now())
	if err != nil {
		return err
	}
	if !allowed {
		return failure.New(failure.TooMany, inquiry.KeyTooMany)
	}
	own := customersOf(caller)
	var customerID int64
	if len(own) > 0 {
		customerID = own[0]
	}
	if sub.TenantID, err = s.Store.TenantOf(ctx, customerID); err != nil {
		return err
	}
	if _, err := s.tenant(ctx, sub.TenantID); err != nil {
		return err
	}
	sub.CreatedAt, sub.CreatedBy = s.now().UTC(), caller.Login
	id, created, err := s.Store.Subscribe(ctx, sub)
	if err != nil || !created {
		return err
	}
	// Stored is subscribed: a queue that is away now is caught up by Resume.
	_ = s.Queue.MailSubscription(ctx, id)
	return nil
}

// MailSubscription sends a new subscription's mails (the job): the
// confirmation to the subscriber and the notice to the tenant's marketing
// addresses. Each mail is marked as it goes out and not sent again: a
// retry after the relay failed between them sends only the notice. A
// failure is the job's to retry.
func (s Service) MailSubscription(ctx context.Context, id int64) error {
	sub, err := s.Store.GetSubscription(ctx, id)
	if err != nil || !sub.MailedAt.IsZero() {
		return err
	}
	tenant, err := s.tenant(ctx, sub.TenantID)
	if err != nil {
		return err
	}
	if sub.ConfirmationMailedAt.IsZero() {
		if err := s.Mailer.MailConfirmation(ctx, sub, tenant); err != nil {
			return err
		}
		if _, err := s.Store.MarkConfirmationMailed(ctx, id, s.now().UTC()); err != nil {
			return err
		}
	}
	if err := s.Mailer.MailMarketing(ctx, sub, tenant); err != nil {
		return err
	}
	_, err = s.Store.MarkSubscriptionMailed(ctx, id, s.now().UTC())
	return err
}
