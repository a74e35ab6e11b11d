package inquiries

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"strings"

	"parcelportal/core/access"
	"parcelportal/core/failure"
	"parcelportal/core/inquiry"
)

// Subscribe asks for an e-mail's subscription to the newsletter of the
// caller's tenant (its customer's hub's, else the first): the tracking
// roles may, counted per client address. A signed-in user may type anybody's
// address, so the subscription counts only once the address's owner used
// the link mailed to it (double opt-in, issue 22: a user subscribed a third
// party, who was told "subscription confirmed"). A subscription is stored
// once per e-mail and tenant. The link's mail goes out for a new one and,
// asked again, for one still unconfirmed, at most the NewsletterEmailKey
// throttle's limit per window per address; a confirmed address is not
// mailed again. The answer is the same either way, so it tells nobody
// whether an address is subscribed. The mails go out by a job: a mail
// relay that is away delays them and loses nothing.
func (s Service) Subscribe(ctx context.Context, caller *access.Caller, sub inquiry.Subscription, remoteAddr string) error {
	if err := Roles.Check(caller); err != nil {
		return err
	}
	sub, err := inquiry.ValidateSubscription(sub)
	if err != nil {
		return err
	}
	if err := s.attempt(ctx, NewsletterKey+remoteAddr); err != nil {
		return err
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
	if err != nil {
		return err
	}
	// Every link mailed to the address counts against it, the first too.
	allowed, err := s.Throttle.Attempt(ctx, []string{NewsletterEmailKey + strings.ToLower(sub.Email)}, s.now())
	if err != nil {
		return err
	}
	if !created {
		if !allowed {
			return nil
		}
		again, err := s.Store.AskConfirmationAgain(ctx, id, sub.Language)
		if err != nil || !again {
			return err
		}
	}
	// Stored is asked for: a queue that is away now is caught up by Resume.
	_ = s.Queue.MailSubscription(ctx, id)
	return nil
}

// Confirm confirms the subscription of a mailed link's token; anybody may,
// the token being the proof that the address's owner read the mail. The
// first use hands the notice to the tenant's marketing addresses to the
// job; a used link confirms nothing new. An unknown or expired token is
// error.newsletter.invalidLink.
func (s Service) Confirm(ctx context.Context, token string) error {
	if token == "" || len(token) > 200 {
		return failure.New(failure.NotFound, inquiry.KeyInvalidLink)
	}
	id, newly, err := s.Store.Confirm(ctx, sha256.Sum256([]byte(token)), s.now().UTC())
	if err != nil || !newly {
		return err
	}
	// Confirmed is subscribed: a queue that is away now is caught up by Resume.
	_ = s.Queue.MailSubscription(ctx, id)
	return nil
}

// MailSubscription sends a subscription's pending mail (the job): while it
// is unconfirmed, the link to the subscriber, with a fresh token whose hash
// alone is kept (a retry's link replaces the last); once confirmed, the
// notice to the tenant's marketing addresses. Each is marked as it goes out
// and not sent again. A failure is the job's to retry.
func (s Service) MailSubscription(ctx context.Context, id int64) error {
	sub, err := s.Store.GetSubscription(ctx, id)
	if err != nil || !sub.MailedAt.IsZero() {
		return err
	}
	if !sub.Confirmed() && !sub.ConfirmationMailedAt.IsZero() {
		return nil
	}
	tenant, err := s.tenant(ctx, sub.TenantID)
	if err != nil {
		return err
	}
	if !sub.Confirmed() {
		token, err := newToken()
		if err != nil {
			return err
		}
		if err := s.Store.SetConfirmationToken(ctx, id, sha256.Sum256([]byte(token)), s.now().UTC().Add(inquiry.ConfirmationTTL)); err != nil {
			return err
		}
		if err := s.Mailer.MailConfirmation(ctx, sub, tenant, token); err != nil {
			return err
		}
		_, err = s.Store.MarkConfirmationMailed(ctx, id, s.now().UTC())
		return err
	}
	if err := s.Mailer.MailMarketing(ctx, sub, tenant); err != nil {
		return err
	}
	_, err = s.Store.MarkSubscriptionMailed(ctx, id, s.now().UTC())
	return err
}

// newToken is a link's token: 32 random bytes, URL-safe.
func newToken() (string, error) {
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(raw), nil
}
