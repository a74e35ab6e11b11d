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
// nobody.
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
	tenant, err := s.tenant(ctx, sub.TenantID)
	if err != nil {
		return err
	}
	sub.CreatedAt, sub.CreatedBy = s.now().UTC(), caller.Login
	created, err := s.Store.Subscribe(ctx, sub)
	if err != nil || !created {
		return err
	}
	return s.Mailer.SendSubscription(ctx, sub, tenant)
}
