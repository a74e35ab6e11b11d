package identity

import (
	"context"
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
	// SignInFailureFloor and RegistrationFloor even out answer times
	// (issue 22): a wrong password, and every registration past its form
	// rules, answer no sooner than the floor after they began. Kratos
	// answers an unknown login without comparing a hash (after a random
	// pause of its own) and a taken login is no new identity, so without a
	// floor the time would tell which logins exist. Zero waits not at all.
	SignInFailureFloor time.Duration
	RegistrationFloor  time.Duration
	// Sleep waits; nil waits on a timer that the request's end cuts short.
	Sleep func(ctx context.Context, d time.Duration)
	Now   func() time.Time
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

// evenOut waits until floor has passed since start.
func (s Service) evenOut(ctx context.Context, start time.Time, floor time.Duration) {
	rest := floor - s.now().Sub(start)
	if rest <= 0 {
		return
	}
	if s.Sleep != nil {
		s.Sleep(ctx, rest)
		return
	}
	timer := time.NewTimer(rest)
	defer timer.Stop()
	select {
	case <-timer.C:
	case <-ctx.Done():
	}
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
