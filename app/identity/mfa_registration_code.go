package identity

import (
	"context"

	"parcelportal/core/account"
	"parcelportal/core/failure"
)

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
