package identity

import (
	"context"
	"crypto/sha256"
	"errors"
	"strconv"

	"parcelportal/core/account"
	"parcelportal/core/failure"
)

// MFAResult completes a sign-in that owed a second factor.
type MFAResult struct {
	Token      string
	RememberMe bool
}

// pendingSignIn finds the caller's sign-in that owes a second factor; a
// session without one has nothing to verify or skip.
func (s Service) pendingSignIn(ctx context.Context, token string) (PendingSignIn, account.User, error) {
	p, ok, err := s.MFA.Pending(ctx, TokenHash(token))
	if err != nil {
		return PendingSignIn{}, account.User{}, err
	}
	if !ok || !s.now().Before(p.ExpiresAt) {
		return PendingSignIn{}, account.User{}, failure.New(failure.Conflict, account.KeyMFAPending)
	}
	user, err := s.Directory.Get(ctx, p.IdentityID)
	return p, user, err
}

// MaxCodeAttempts is how many codes one pending sign-in may try; then it
// ends, its session is revoked and the password must be entered again.
// Codes of one login over all its sign-ins are throttled under "mfa:" keys.
const MaxCodeAttempts = 5

// VerifyMFACode completes sign-in with a code: it registers the device of a
// user who has none yet, or proves the registered one. Every attempt is
// counted before the code is checked, per pending sign-in and per login; a
// code is accepted once, even while the authenticator still shows it, and
// only a code the authenticator accepted is recorded as used.
func (s Service) VerifyMFACode(ctx context.Context, token string, code int32) (MFAResult, error) {
	digits, err := account.CodeFromNumber(code)
	if err != nil {
		return MFAResult{}, err
	}
	pending, user, err := s.pendingSignIn(ctx, token)
	if err != nil {
		return MFAResult{}, err
	}
	withinSignIn, err := s.MFA.TakeCodeAttempt(ctx, pending.TokenHash, MaxCodeAttempts)
	if err != nil {
		return MFAResult{}, err
	}
	loginKey := []string{"mfa:" + user.ID}
	withinLogin, err := s.Throttle.Attempt(ctx, loginKey, s.now())
	if err != nil {
		return MFAResult{}, err
	}
	if !withinSignIn || !withinLogin {
		s.audit(ctx, user.Login, AuditMFAFailed, "reason", "too many codes")
		return MFAResult{}, errors.Join(failure.New(failure.TooMany, account.KeyCodeAttemptsExhausted), s.endSignIn(ctx, token, pending))
	}
	session := Session{Token: token}
	event := AuditMFAVerified
	if user.HasSecondFactor {
		session, err = s.SecondFactor.Verify(ctx, token, digits)
	} else {
		err, event = s.SecondFactor.Register(ctx, token, digits), AuditMFARegistered
	}
	if err != nil {
		s.audit(ctx, user.Login, AuditMFAFailed, "reason", "wrong code")
		return MFAResult{}, err
	}
	codeHash := sha256.Sum256([]byte(user.ID + ":" + digits))
	if err := s.MFA.UseCode(ctx, user.ID, codeHash[:], s.now(), codeReuseWindow); err != nil {
		// The authenticator accepted a code that signed in before: the
		// session it raised must not live on.
		s.audit(ctx, user.Login, AuditMFAFailed, "reason", "code reused")
		return MFAResult{}, errors.Join(err, s.endSignIn(ctx, session.Token, pending))
	}
	if err := s.MFA.ClearPending(ctx, pending.TokenHash); err != nil {
		return MFAResult{}, err
	}
	_ = s.Throttle.Forget(ctx, loginKey)
	s.audit(ctx, user.Login, event)
	return MFAResult{Token: session.Token, RememberMe: pending.RememberMe}, nil
}

// endSignIn ends a pending sign-in for good: the session is revoked, and
// only the password starts a new one.
func (s Service) endSignIn(ctx context.Context, token string, pending PendingSignIn) error {
	return errors.Join(s.Sessions.Revoke(ctx, token), s.MFA.ClearPending(ctx, pending.TokenHash))
}

// SkipMFA completes the sign-in of a user without a device and asks again
// after days (0: at the next sign-in). A user with a device cannot skip.
func (s Service) SkipMFA(ctx context.Context, token string, days int) (MFAResult, error) {
	until, err := account.SkipUntil(days, s.now())
	if err != nil {
		return MFAResult{}, err
	}
	pending, user, err := s.pendingSignIn(ctx, token)
	if err != nil {
		return MFAResult{}, err
	}
	if user.HasSecondFactor {
		return MFAResult{}, failure.New(failure.Forbidden, account.KeyMFAPending)
	}
	if err := s.MFA.SetSkipUntil(ctx, user.ID, until); err != nil {
		return MFAResult{}, err
	}
	if err := s.MFA.ClearPending(ctx, pending.TokenHash); err != nil {
		return MFAResult{}, err
	}
	s.audit(ctx, user.Login, AuditMFASkipped, "days", strconv.Itoa(days))
	return MFAResult{Token: token, RememberMe: pending.RememberMe}, nil
}

// MFARegistrationCode returns the QR image (and its secret, for people who
// cannot scan) that registers a device for the pending sign-in's user.
func (s Service) MFARegistrationCode(ctx context.Context, token string) (png []byte, secret string, err error) {
	_, user, err := s.pendingSignIn(ctx, token)
	if err != nil {
		return nil, "", err
	}
	if user.HasSecondFactor {
		return nil, "", failure.New(failure.Conflict, account.KeyMFAPending)
	}
	return s.SecondFactor.Setup(ctx, token)
}
