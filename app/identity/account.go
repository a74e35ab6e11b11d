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
	user, err := s.Directory.Get(ctx, caller.IdentityID)
	if err != nil {
		return account.User{}, err
	}
	user.FirstName, user.LastName, user.Email = p.FirstName, p.LastName, p.Email
	if p.LangKey != "" {
		user.LangKey = p.LangKey
	}
	user.ModifiedBy, user.ModifiedAt = caller.Login, s.now()
	return s.Directory.Update(ctx, user)
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
