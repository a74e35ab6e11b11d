package identity

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/account"
)

// GetAccount returns the caller's own login.
func (s Service) GetAccount(ctx context.Context, caller *access.Caller) (account.User, error) {
	return s.Directory.Get(ctx, caller.IdentityID)
}
