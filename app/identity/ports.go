// Package identity holds the use cases of signing in with a second factor,
// registering, activating, resetting and changing passwords, the account
// profile, and the administrators' user management.
package identity

import (
	"context"
	"errors"
	"time"

	"parcelportal/core/account"
)

// Session is a signed-in browser or script. The token is the bearer the
// client sends; only a hash of it is ever stored or logged by the portal.
type Session struct {
	Token      string
	IdentityID string
	// SecondFactor: the session proved a code from the authenticator device.
	SecondFactor bool
	ExpiresAt    time.Time
}

// Sessions signs people in and resolves bearers.
//
// Contract (identitytest.SessionsContract):
//   - SignIn accepts the login name or the e-mail address as identifier;
//     a wrong identifier or password is account.ErrBadCredentials, the same
//     failure for both so that nobody learns which logins exist.
//   - Resolve of a token from SignIn names the same identity; of a revoked,
//     expired or unknown token it is account.ErrBadCredentials. A user with a
//     registered device whose session has not proved a code yet resolves with
//     SecondFactor false (it is not an error).
//   - Revoke ends the session at once; revoking twice is no error.
//   - RevokeOthers ends every other session of the token's identity; the
//     token's own session stays. An unknown token is
//     account.ErrBadCredentials.
type Sessions interface {
	SignIn(ctx context.Context, identifier, password string) (Session, error)
	Resolve(ctx context.Context, token string) (Session, error)
	Revoke(ctx context.Context, token string) error
	RevokeOthers(ctx context.Context, token string) error
}

// SecondFactor registers and checks authenticator devices (TOTP).
//
// Contract (identitytest.SecondFactorContract):
//   - Setup returns a PNG QR image for a session of a user without a device;
//     the same session's later Register with a current code for that secret
//     registers the device (the user's HasSecondFactor becomes true).
//   - Verify with a current code proves the second factor: the returned
//     session (its token may differ from the old one) resolves with
//     SecondFactor true. A wrong code is account.ErrWrongCode.
//   - Secret exposes the shared secret of the pending Setup so that tests
//     and the QR image agree; it is never sent to a browser.
type SecondFactor interface {
	Setup(ctx context.Context, token string) (qrPNG []byte, secret string, err error)
	Register(ctx context.Context, token, code string) error
	Verify(ctx context.Context, token, code string) (Session, error)
}

// Directory keeps the logins: profile, roles, status and password.
//
// Contract (identitytest.DirectoryContract):
//   - Create refuses a taken login (account.ErrLoginTaken) or e-mail
//     (account.ErrEmailTaken), case-insensitively; the created user can sign
//     in with the password when its status is ACTIVE.
//   - Get, FindByLogin and FindByEmail of a missing user are
//     account.ErrUserNotFound; FindByLogin and FindByEmail ignore case.
//   - Update changes names, e-mail, language, roles, status and the
//     modified-by facts; the login cannot change.
//   - UpdateProfile changes only names, e-mail, language and the modified
//     facts, without reading the user first: roles and status stay as
//     they are at the moment of the write, whatever an admin set since the
//     caller last read them. A taken e-mail is account.ErrEmailTaken.
//   - ChangeStatus sets the status to `to` only while it is `from`, in one
//     compare-and-set step; otherwise it changes nothing and answers
//     ErrStatusChanged.
//   - SetPassword replaces the password (4 to 50 characters, spec 1 section 5)
//     and keeps existing sessions; RevokeSessions ends all of them.
//   - Delete removes the identity and its sessions; deleting twice is
//     account.ErrUserNotFound.
type Directory interface {
	Create(ctx context.Context, u account.User, password string) (account.User, error)
	Get(ctx context.Context, id string) (account.User, error)
	FindByLogin(ctx context.Context, login string) (account.User, error)
	FindByEmail(ctx context.Context, email string) (account.User, error)
	List(ctx context.Context) ([]account.User, error)
	Update(ctx context.Context, u account.User) (account.User, error)
	UpdateProfile(ctx context.Context, id string, p ProfileUpdate) (account.User, error)
	ChangeStatus(ctx context.Context, id string, from, to account.Status, by string, at time.Time) (account.User, error)
	SetPassword(ctx context.Context, id, password string) error
	RevokeSessions(ctx context.Context, id string) error
	Delete(ctx context.Context, id string) error
}

// ProfileUpdate is what a user may change about themselves, and who did when.
type ProfileUpdate struct {
	FirstName, LastName, Email, LangKey string
	ModifiedBy                          string
	ModifiedAt                          time.Time
}

// ErrStatusChanged: ChangeStatus found another status than the one it was
// to change; somebody (an admin) changed it meanwhile.
var ErrStatusChanged = errors.New("identity: the status changed meanwhile")

// Mailbox proves that a person reads an e-mail address, with a key sent
// there in a mail whose link opens the portal: /account/activate/{key} for
// activation, /account/reset/finish/{key} for a password reset.
//
// Contract (identitytest.MailboxContract):
//   - SendActivation mails a key to the user's address in the user's
//     language; ConfirmActivation of that key returns the user's id once,
//     and a second time, or for a made-up key, is account.ErrInvalidKey.
//   - SendReset does the same for a reset key; for an address without a
//     login it sends nothing and is no error.
type Mailbox interface {
	SendActivation(ctx context.Context, u account.User) error
	ConfirmActivation(ctx context.Context, key string) (identityID string, err error)
	SendReset(ctx context.Context, email string) error
	ConfirmReset(ctx context.Context, key string) (identityID string, err error)
}
