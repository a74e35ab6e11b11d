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

// SessionAccount answers the caller's own login as it was read when the
// caller's session was resolved (CallerState.User), without asking the
// directory again: the page's account read, on every page, costs no call
// to Kratos. Whoever changes a login drops the sessions resolved before
// (the transport's session cache), so the answer is at most that cache's
// lifetime old, as the caller's roles are.
func (s Service) SessionAccount(caller *access.Caller, resolved account.User) (account.User, error) {
	if err := access.SignedIn.Check(caller); err != nil {
		return account.User{}, err
	}
	if resolved.ID != caller.IdentityID {
		return account.User{}, account.ErrUserNotFound
	}
	return resolved, nil
}
