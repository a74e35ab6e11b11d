package identity

import (
	"cmp"
	"context"

	"parcelportal/core/access"
	"parcelportal/core/account"
)

// GetAccount returns the caller's own login.
func (s Service) GetAccount(ctx context.Context, caller *access.Caller) (account.User, error) {
	return s.Directory.Get(ctx, caller.IdentityID)
}

// ProfileChange is what a user may change about themselves.
type ProfileChange struct {
	FirstName, LastName, Email, LangKey string
}

// SaveAccount changes the caller's names, e-mail and language.
func (s Service) SaveAccount(ctx context.Context, caller *access.Caller, p ProfileChange) (account.User, error) {
	c := account.Checker{Object: "settings"}
	c.Email("email", p.Email)
	c.Locale("langKey", p.LangKey)
	c.MaxLength("firstName", p.FirstName, account.NameMaxLength)
	c.MaxLength("lastName", p.LastName, account.NameMaxLength)
	if err := c.Err(); err != nil {
		return account.User{}, err
	}
	if err := s.ensureEmailFree(ctx, caller.IdentityID, p.Email); err != nil {
		return account.User{}, err
	}
	current, err := s.Directory.Get(ctx, caller.IdentityID)
	if err != nil {
		return account.User{}, err
	}
	// Only what the user may change is written: roles and status stay as
	// an admin may have set them since this read.
	return s.Directory.UpdateProfile(ctx, caller.IdentityID, ProfileUpdate{
		FirstName: p.FirstName, LastName: p.LastName, Email: p.Email, LangKey: cmp.Or(p.LangKey, current.LangKey),
		ModifiedBy: caller.Login, ModifiedAt: s.now(),
	})
}

// Logout ends the caller's session at once.
func (s Service) Logout(ctx context.Context, caller *access.Caller, token string) error {
	if err := s.Sessions.Revoke(ctx, token); err != nil {
		return err
	}
	_ = s.MFA.ClearPending(ctx, TokenHash(token))
	s.audit(ctx, caller.Login, AuditSignOut)
	return nil
}
