package identity

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/failure"
)

// DeleteUser removes a login, its sessions, its user data and its registration request. Nobody
// deletes their own login: an installation must not lose its last admin by accident.
func (s Service) DeleteUser(ctx context.Context, caller *access.Caller, login string) error {
	if err := access.Admins.Check(caller); err != nil {
		return err
	}
	u, err := s.Directory.FindByLogin(ctx, login)
	if err != nil {
		return err
	}
	if u.ID == caller.IdentityID {
		return failure.New(failure.Conflict, "error.deleteSelf")
	}
	if err := s.mayManageRoles(caller, u.Roles); err != nil {
		return err
	}
	if err := s.Links.DeleteByLogin(ctx, u.Login); err != nil {
		return err
	}
	// A deleted login's registration is no longer anybody's work.
	if err := s.Requests.Forget(ctx, u.Login); err != nil {
		return err
	}
	if err := s.Directory.Delete(ctx, u.ID); err != nil {
		return err
	}
	s.audit(ctx, caller.Login, AuditUserDeleted, "login", u.Login)
	return nil
}
