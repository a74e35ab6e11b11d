package identity

import (
	"context"

	"parcelportal/core/account"
	"parcelportal/core/failure"
)

// FinishPasswordReset sets a new password with the key from the reset mail
// and ends every session of the login: whoever knew the old password is out.
func (s Service) FinishPasswordReset(ctx context.Context, key, newPassword string) error {
	c := account.Checker{Object: "resetPassword"}
	c.Password("newPassword", newPassword, s.passwordMaxLength())
	if key == "" {
		c.Violations = append(c.Violations, failure.FieldViolation{Object: "resetPassword", Field: "key", Rule: account.RuleRequired})
	}
	if err := c.Err(); err != nil {
		return err
	}
	id, err := s.Mailbox.ConfirmReset(ctx, key)
	if err != nil {
		return err
	}
	if err := s.Directory.SetPassword(ctx, id, newPassword); err != nil {
		return err
	}
	if err := s.Directory.RevokeSessions(ctx, id); err != nil {
		return err
	}
	user, err := s.Directory.Get(ctx, id)
	if err == nil {
		s.audit(ctx, user.Login, AuditPasswordReset)
	}
	return err
}
