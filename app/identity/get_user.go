package identity

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/account"
)

// GetUser returns one login by name.
func (s Service) GetUser(ctx context.Context, caller *access.Caller, login string) (account.User, error) {
	if err := access.Admins.Check(caller); err != nil {
		return account.User{}, err
	}
	return s.Directory.FindByLogin(ctx, login)
}
