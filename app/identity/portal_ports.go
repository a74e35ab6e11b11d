package identity

import (
	"context"
	"time"

	"parcelportal/core/access"
)

// MFAState is what the portal itself remembers about second factors: which
// sessions still owe one, how long a user skips device registration, and
// which codes were used (a code must never sign in twice).
type MFAState interface {
	// MarkPending records that the session (by token hash) owes a second factor.
	MarkPending(ctx context.Context, p PendingSignIn) error
	// Pending returns the pending sign-in of the session, if there is one.
	Pending(ctx context.Context, tokenHash []byte) (PendingSignIn, bool, error)
	// TakeCodeAttempt counts a code attempt of the session's pending
	// sign-in in one atomic step and reports whether it is within limit
	// (this attempt included); false when no sign-in is pending.
	TakeCodeAttempt(ctx context.Context, tokenHash []byte, limit int) (bool, error)
	// ClearPending forgets the session's pending sign-in.
	ClearPending(ctx context.Context, tokenHash []byte) error
	// SkipUntil is when device registration is asked for again; zero for never skipped.
	SkipUntil(ctx context.Context, identityID string) (time.Time, error)
	SetSkipUntil(ctx context.Context, identityID string, until time.Time) error
	// UseCode records a code as used; a code used before within the
	// window is account.ErrCodeReused. Only a code the authenticator
	// accepted is recorded: a wrong guess must not block the real code.
	UseCode(ctx context.Context, identityID string, codeHash []byte, at time.Time, window time.Duration) error
}

// PendingSignIn is a session between password and second factor.
type PendingSignIn struct {
	TokenHash  []byte
	IdentityID string
	RememberMe bool
	ExpiresAt  time.Time
}

// AuditLog keeps who did what, for the administrators' audits page.
type AuditLog interface {
	Record(ctx context.Context, e AuditEvent) error
}

// AuditEvent is one entry of the audit log.
type AuditEvent struct {
	Principal string
	Type      string
	At        time.Time
	Data      map[string]string
}

// Audit event types.
const (
	AuditSignIn          = "AUTHENTICATION_SUCCESS"
	AuditSignInFailed    = "AUTHENTICATION_FAILURE"
	AuditMFAVerified     = "MFA_VERIFIED"
	AuditMFAFailed       = "MFA_FAILURE"
	AuditMFASkipped      = "MFA_SKIPPED"
	AuditMFARegistered   = "MFA_REGISTERED"
	AuditPasswordChanged = "PASSWORD_CHANGED"
	AuditPasswordReset   = "PASSWORD_RESET"
	AuditRegistered      = "USER_REGISTERED"
	AuditActivated       = "USER_ACTIVATED"
	AuditUserCreated     = "USER_CREATED"
	AuditUserUpdated     = "USER_UPDATED"
	AuditUserDeleted     = "USER_DELETED"
	AuditSignOut         = "LOGOUT"
)

// Throttle limits guesses (passwords, second-factor codes) per key: an
// identity ("login:…", "mfa:…") or an address ("addr:…"). An attempt is
// counted before the guess is checked, in one atomic step for all keys, so
// parallel guesses cannot get past the limit before they are counted.
type Throttle interface {
	// Attempt counts an attempt for every key and reports whether every key
	// is still within its limit, this attempt included.
	Attempt(ctx context.Context, keys []string, now time.Time) (bool, error)
	// Forget drops the keys' attempts: the identity proved itself.
	Forget(ctx context.Context, keys []string) error
	// Refund takes back one attempt of every key: a success must not use
	// up the room of an address that many people share.
	Refund(ctx context.Context, keys []string) error
}

// Captcha checks the answer of an anonymous form's captcha.
type Captcha interface {
	// Enabled reports whether a captcha is configured; without one, forms need no answer.
	Enabled() bool
	Verify(ctx context.Context, token, remoteAddr string) error
}

// UserLinks reads and writes which customer a login belongs to and which
// fulfillment it acts for.
type UserLinks interface {
	ByLogin(ctx context.Context, login string) (access.Link, error)
	// LinkToCustomerByCRMID links a registered login to the customer with the CRM id, if one exists.
	LinkToCustomerByCRMID(ctx context.Context, login, identityID, crmID string) error
	DeleteByLogin(ctx context.Context, login string) error
}
