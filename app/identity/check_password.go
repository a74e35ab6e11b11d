package identity

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/account"
	"parcelportal/core/failure"
)

// checkPassword proves the caller knows the password before a change that
// a stolen session must not make. Each check counts in the identity's
// sign-in bucket, so a session cannot be used to guess the password either;
// a wrong password is wrong.
func (s Service) checkPassword(ctx context.Context, caller *access.Caller, password string, wrong error) error {
	key := []string{identityThrottleKey(caller.IdentityID)}
	allowed, err := s.Throttle.Attempt(ctx, key, s.now())
	if err != nil {
		return err
	}
	if !allowed {
		// Refused before the check: the try uses up no room.
		_ = s.Throttle.Refund(ctx, key)
		return failure.New(failure.TooMany, account.KeyTooManyAttempts)
	}
	check, err := s.Sessions.SignIn(ctx, caller.Login, password)
	if failure.HasKey(err, account.KeyBadCredentials) {
		return wrong
	}
	if err != nil {
		return err
	}
	_ = s.Sessions.Revoke(ctx, check.Token)
	_ = s.Throttle.Forget(ctx, key)
	return nil
}
