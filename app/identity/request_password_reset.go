package identity

import (
	"context"

	"parcelportal/core/account"
	"parcelportal/core/failure"
)

// ResetRequest is the reset form and where it came from.
type ResetRequest struct {
	Email        string
	CaptchaToken string
	RemoteAddr   string
}

// Throttle key prefixes of reset requests: a bucket per address asked for
// and one per client, apart from the sign-in buckets.
const (
	ResetEmailKey = "reset-email:"
	ResetAddrKey  = "reset-addr:"
)

// RequestPasswordReset mails a reset key when the address belongs to a
// login, and answers the same when it does not. It takes the captcha like
// registration, and every request counts against the address asked for and
// the client's address (atomically, in the throttle): past either limit it
// answers error.tooManyResetRequests and mails nothing, so nobody floods
// an inbox or probes addresses at speed. The address is taken in its one
// form (account.NormalizeIdentifier), so no spelling of it gets a bucket of
// its own.
func (s Service) RequestPasswordReset(ctx context.Context, in ResetRequest) error {
	email := account.NormalizeIdentifier(in.Email)
	c := account.Checker{Object: "resetPassword"}
	c.Email("email", email)
	if err := c.Err(); err != nil {
		return err
	}
	if s.Captcha.Enabled() {
		if err := s.Captcha.Verify(ctx, in.CaptchaToken, in.RemoteAddr); err != nil {
			return failure.New(failure.Invalid, account.KeyCaptchaFailed)
		}
	}
	keys := []string{ResetEmailKey + email, ResetAddrKey + in.RemoteAddr}
	allowed, err := s.Throttle.Attempt(ctx, keys, s.now())
	if err != nil {
		return err
	}
	if !allowed {
		s.audit(ctx, email, AuditResetThrottled)
		return failure.New(failure.TooMany, account.KeyTooManyResetRequests)
	}
	return s.Mailbox.SendReset(ctx, email)
}
