package identity

import (
	"context"
	"strings"
	"time"

	"parcelportal/core/access"
	"parcelportal/core/account"
	"parcelportal/core/organisation"
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
	AuditResetThrottled  = "PASSWORD_RESET_THROTTLED"
	AuditRegistered      = "USER_REGISTERED"
	AuditRegisteredAgain = "REGISTRATION_WITH_TAKEN_LOGIN_OR_EMAIL"
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

// ThrottleLimits are the attempts a Throttle allows per key prefix, such
// as "login:" and "addr:"; a key of no listed prefix is allowed 10.
type ThrottleLimits map[string]int

// Of is the limit of the key.
func (l ThrottleLimits) Of(key string) int {
	for prefix, limit := range l {
		if strings.HasPrefix(key, prefix) {
			return limit
		}
	}
	return 10
}

// Captcha checks the answer of an anonymous form's captcha.
type Captcha interface {
	// Enabled reports whether a captcha is configured; without one, forms need no answer.
	Enabled() bool
	Verify(ctx context.Context, token, remoteAddr string) error
}

// UserLinks reads which customer a login belongs to and which fulfillment
// it acts for, and forgets the link of a deleted login. Only staff create
// links, through user data (app/userdata): nothing here grants a customer.
type UserLinks interface {
	ByLogin(ctx context.Context, login string) (access.Link, error)
	DeleteByLogin(ctx context.Context, login string) error
}

// RegistrationRequest is what a visitor asked for when registering: staff
// decide whether, and to which customer, the login is linked.
type RegistrationRequest struct {
	Login, IdentityID, Email string
	// CRMID is the customer number the visitor named, in upper case. It is
	// a claim, not a link.
	CRMID       string
	Reason      string
	RequestedAt time.Time
}

// RegistrationRouting says whom a request concerns and who hears of it.
type RegistrationRouting struct {
	// Customer is the customer the CRM id names; nil when none does.
	Customer *organisation.CustomerRef
	// Recipients are the self-registration addresses to mail.
	Recipients []string
}

// RegistrationRequests keeps self-registrations until staff link the login.
//
// Contract (statetest.RegistrationRequestsContract):
//   - Add keeps the request and routes it: a CRM id of a customer goes to
//     the selfRegistrationEmails of the tenant whose hub serves that
//     customer; a CRM id no customer has, or a customer whose tenant lists
//     no address, goes to the addresses of every tenant (each once), so
//     that no request goes unseen.
//   - A request is pending (userdata.Requests) until the login is linked
//     to a customer or a fulfillment.
//   - Forget removes the login's request (the login was deleted).
type RegistrationRequests interface {
	Add(ctx context.Context, r RegistrationRequest) (RegistrationRouting, error)
	Forget(ctx context.Context, login string) error
}

// Notices are the portal's own mails about registrations (the activation
// and reset mails are the identity provider's). adapters/mail renders them
// in the reader's language and sends them over SMTP:
//   - RegistrationRequested mails every recipient, naming the login,
//     e-mail, CRM id, the customer it matches or that none matches, and
//     the reason.
//   - RegistrationAttempted mails the owner of a login or address someone
//     tried to register again, in the owner's language; it repeats
//     nothing the visitor typed.
type Notices interface {
	RegistrationRequested(ctx context.Context, n RegistrationNotice) error
	RegistrationAttempted(ctx context.Context, owner account.User) error
}

// RegistrationNotice is the mail to staff about a new request.
type RegistrationNotice struct {
	To       []string
	Request  RegistrationRequest
	Customer *organisation.CustomerRef
}
