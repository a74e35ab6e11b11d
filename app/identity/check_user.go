package identity

import (
	"slices"

	"parcelportal/core/access"
	"parcelportal/core/account"
	"parcelportal/core/failure"
)

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
