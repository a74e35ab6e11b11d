package identity

import (
	"context"
	"strconv"

	"parcelportal/core/account"
	"parcelportal/core/failure"
)

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
