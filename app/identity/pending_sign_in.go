package identity

import (
	"context"
	"errors"

	"parcelportal/core/account"
	"parcelportal/core/failure"
)

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

// endSignIn ends a pending sign-in for good: the session is revoked, and
// only the password starts a new one.
func (s Service) endSignIn(ctx context.Context, token string, pending PendingSignIn) error {
	return errors.Join(s.Sessions.Revoke(ctx, token), s.MFA.ClearPending(ctx, pending.TokenHash))
}
