package identity

import (
	"crypto/sha256"
	"time"
)

// Service holds the identity use cases and the ports they use.
type Service struct {
	Sessions     Sessions
	SecondFactor SecondFactor
	Directory    Directory
	Mailbox      Mailbox
	MFA          MFAState
	Audit        AuditLog
	Throttle     Throttle
	Captcha      Captcha
	Links        UserLinks
	Requests     RegistrationRequests
	Notices      Notices
	// MFAEnabled switches the MFA dialog on for this installation.
	MFAEnabled bool
	// PasswordMaxLength is 50 unless the installation chose less.
	PasswordMaxLength int
	Now               func() time.Time
}

// PendingSignInLifetime bounds how long a password sign-in waits for its second factor.
const PendingSignInLifetime = 10 * time.Minute

// codeReuseWindow covers the codes a TOTP verifier accepts around now (one
// step either side), so a code can never be replayed while it is valid.
const codeReuseWindow = 2 * time.Minute

func (s Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// TokenHash is how the portal refers to a bearer in its own storage: never
// the token itself.
func TokenHash(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}

// passwordMaxLength is the spec's 50 unless the installation sets its own.
func (s Service) passwordMaxLength() int {
	if s.PasswordMaxLength > 0 {
		return s.PasswordMaxLength
	}
	return 50
}
