package identity

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/account"
)

// GetAccount returns the caller's own login.
func (s Service) GetAccount(ctx context.Context, caller *access.Caller) (account.User, error) {
	if err := access.SignedIn.Check(caller); err != nil {
		return account.User{}, err
	}
	return s.Directory.Get(ctx, caller.IdentityID)
}
