package identity

import (
	"context"

	"parcelportal/core/access"
)

// Logout ends the caller's session at once.
func (s Service) Logout(ctx context.Context, caller *access.Caller, token string) error {
	if err := access.SignedIn.Check(caller); err != nil {
		return err
	}
	if err := s.Sessions.Revoke(ctx, token); err != nil {
		return err
	}
	_ = s.MFA.ClearPending(ctx, TokenHash(token))
	s.audit(ctx, caller.Login, AuditSignOut)
	return nil
}
