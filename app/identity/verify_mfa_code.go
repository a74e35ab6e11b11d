package identity

import (
	"context"
	"crypto/sha256"
	"errors"

	"parcelportal/core/account"
	"parcelportal/core/failure"
)

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
