package identity

import (
	"cmp"
	"context"

	"parcelportal/core/access"
	"parcelportal/core/account"
)

// UpdateUser changes a login's names, e-mail, language, roles and status.
// Deactivating a login ends its sessions at once.
func (s Service) UpdateUser(ctx context.Context, caller *access.Caller, u account.User) (account.User, error) {
	if err := access.Admins.Check(caller); err != nil {
		return account.User{}, err
	}
	current, err := s.Directory.FindByLogin(ctx, u.Login)
	if err != nil {
		return account.User{}, err
	}
	if err := s.checkUser(caller, u, &current, ""); err != nil {
		return account.User{}, err
	}
	if err := s.ensureEmailFree(ctx, current.ID, u.Email); err != nil {
		return account.User{}, err
	}
	current.FirstName, current.LastName, current.Email, current.LangKey = u.FirstName, u.LastName, u.Email, cmp.Or(u.LangKey, current.LangKey)
	current.Roles, current.Status = u.Roles, cmp.Or(u.Status, current.Status)
	current.ModifiedBy, current.ModifiedAt = caller.Login, s.now()
	saved, err := s.Directory.Update(ctx, current)
	if err != nil {
		return account.User{}, err
	}
	if saved.Status != account.Active {
		if err := s.Directory.RevokeSessions(ctx, saved.ID); err != nil {
			return account.User{}, err
		}
	}
	s.audit(ctx, caller.Login, AuditUserUpdated, "login", saved.Login, "status", string(saved.Status))
	return saved, nil
}
