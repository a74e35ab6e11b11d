package identity

import (
	"cmp"
	"context"
	"crypto/rand"
	"errors"
	"math/big"
	"slices"
	"strings"

	"parcelportal/core/access"
	"parcelportal/core/account"
	"parcelportal/core/failure"
	"parcelportal/core/password"
)

// UserQuery pages and filters the user list.
type UserQuery struct {
	Page, Size int
	// Sort is login (default), email, activationStatus, createdDate or lastModifiedDate.
	Sort       string
	Descending bool
	Statuses   []account.Status
	// Login keeps only logins containing it, ignoring case.
	Login string
}

// Default page size of the user list (spec 1 section 9).
const defaultUserPageSize = 10

// ListUsers returns one page of the filtered, sorted logins and the total.
func (s Service) ListUsers(ctx context.Context, q UserQuery) ([]account.User, int, error) {
	all, err := s.Directory.List(ctx)
	if err != nil {
		return nil, 0, err
	}
	statuses := q.Statuses
	if len(statuses) == 0 {
		statuses = account.Statuses
	}
	needle := strings.ToLower(q.Login)
	kept := slices.DeleteFunc(all, func(u account.User) bool {
		return !slices.Contains(statuses, u.Status) || !strings.Contains(strings.ToLower(u.Login), needle)
	})
	slices.SortStableFunc(kept, func(a, b account.User) int {
		c := compareUsers(a, b, q.Sort)
		if q.Descending {
			return -c
		}
		return c
	})
	size := q.Size
	if size <= 0 {
		size = defaultUserPageSize
	}
	from := min(max(q.Page, 0)*size, len(kept))
	return kept[from:min(from+size, len(kept))], len(kept), nil
}

func compareUsers(a, b account.User, field string) int {
	switch field {
	case "email":
		return cmp.Or(strings.Compare(a.Email, b.Email), strings.Compare(a.Login, b.Login))
	case "activationStatus":
		return cmp.Or(strings.Compare(string(a.Status), string(b.Status)), strings.Compare(a.Login, b.Login))
	case "createdDate":
		return cmp.Or(a.CreatedAt.Compare(b.CreatedAt), strings.Compare(a.Login, b.Login))
	case "lastModifiedDate":
		return cmp.Or(a.ModifiedAt.Compare(b.ModifiedAt), strings.Compare(a.Login, b.Login))
	default:
		return strings.Compare(a.Login, b.Login)
	}
}

// GetUser returns one login by name.
func (s Service) GetUser(ctx context.Context, login string) (account.User, error) {
	return s.Directory.FindByLogin(ctx, login)
}

// CreateUser creates a login for an administrator. Without an initial
// password the new user gets a reset mail to choose one.
func (s Service) CreateUser(ctx context.Context, caller *access.Caller, u account.User, initialPassword string) (account.User, error) {
	if u.Status == "" {
		u.Status = account.Active
	}
	if u.LangKey == "" {
		u.LangKey = account.DefaultLocale
	}
	if err := s.checkUser(caller, u, nil, initialPassword); err != nil {
		return account.User{}, err
	}
	mailReset := initialPassword == ""
	if mailReset {
		initialPassword = password.Generate(randomIndex)
	}
	now := s.now()
	u.CreatedBy, u.CreatedAt, u.ModifiedBy, u.ModifiedAt = caller.Login, now, caller.Login, now
	created, err := s.Directory.Create(ctx, u, initialPassword)
	if err != nil {
		return account.User{}, err
	}
	if mailReset {
		if err := s.Mailbox.SendReset(ctx, created.Email); err != nil {
			return account.User{}, err
		}
	}
	s.audit(ctx, caller.Login, AuditUserCreated, "login", created.Login)
	return created, nil
}

// UpdateUser changes a login's names, e-mail, language, roles and status.
// Deactivating a login ends its sessions at once.
func (s Service) UpdateUser(ctx context.Context, caller *access.Caller, u account.User) (account.User, error) {
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

// DeleteUser removes a login, its sessions, its user data and its registration request. Nobody
// deletes their own login: an installation must not lose its last admin by accident.
func (s Service) DeleteUser(ctx context.Context, caller *access.Caller, login string) error {
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

// checkUser applies the field rules and who may grant which role; a
// password is checked when one is given.
func (s Service) checkUser(caller *access.Caller, u account.User, current *account.User, initialPassword string) error {
	c := account.Checker{Object: "userManagement"}
	c.Login("login", u.Login)
	c.Email("email", u.Email)
	c.Locale("langKey", u.LangKey)
	c.MaxLength("firstName", u.FirstName, account.NameMaxLength)
	c.MaxLength("lastName", u.LastName, account.NameMaxLength)
	if initialPassword != "" {
		c.Password("password", initialPassword, s.passwordMaxLength())
	}
	if !slices.Contains(account.Statuses, u.Status) && u.Status != "" {
		c.Violations = append(c.Violations, failure.FieldViolation{Object: "userManagement", Field: "activationStatus", Rule: account.RulePattern})
	}
	for _, r := range u.Roles {
		if !access.IsRole(string(r)) {
			c.Violations = append(c.Violations, failure.FieldViolation{Object: "userManagement", Field: "authorities", Rule: account.RulePattern})
			break
		}
	}
	if err := c.Err(); err != nil {
		return err
	}
	roles := u.Roles
	if current != nil {
		roles = append(slices.Clone(roles), current.Roles...)
	}
	return s.mayManageRoles(caller, roles)
}

// mayManageRoles: only a super admin grants, revokes or touches ROLE_SUPERADMIN.
func (s Service) mayManageRoles(caller *access.Caller, roles []access.Role) error {
	if slices.Contains(roles, access.SuperAdmin) && !caller.Has(access.SuperAdmin) {
		return failure.New(failure.Forbidden, "error.superAdminOnly")
	}
	return nil
}

// randomIndex picks uniformly from [0, n) with the system's cryptographic source.
func randomIndex(n int) int {
	v, err := rand.Int(rand.Reader, big.NewInt(int64(n)))
	if err != nil {
		panic(errors.Join(errors.New("no randomness"), err))
	}
	return int(v.Int64())
}
