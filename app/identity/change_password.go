package identity

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/account"
)

// ChangePassword replaces the caller's password after checking the current
// one, and ends every other session of the login: whoever stole one is out.
// The session of token stays signed in.
func (s Service) ChangePassword(ctx context.Context, caller *access.Caller, token, current, next string) error {
	if err := access.SignedIn.Check(caller); err != nil {
		return err
	}
	c := account.Checker{Object: "passwordChange"}
	c.Password("newPassword", next, s.passwordMaxLength())
	if err := c.Err(); err != nil {
		return err
	}
	if err := s.checkPassword(ctx, caller, current, account.ErrWrongPassword); err != nil {
		return err
	}
	if err := s.Directory.SetPassword(ctx, caller.IdentityID, next); err != nil {
		return err
	}
	if err := s.Sessions.RevokeOthers(ctx, token); err != nil {
		return err
	}
	s.audit(ctx, caller.Login, AuditPasswordChanged)
	return nil
}
