// Package access decides who may do what: the roles of spec 1 section 6 and
// the rules built on them.
package access

import "slices"

// Role is an authority a user holds.
type Role string

// The portal's roles.
const (
	SuperAdmin      Role = "ROLE_SUPERADMIN"
	Admin           Role = "ROLE_ADMIN"
	Operations      Role = "ROLE_OPERATIONS"
	User            Role = "ROLE_USER"
	API             Role = "ROLE_API"
	CustomerService Role = "ROLE_CUSTOMER_SERVICE"
	TrackingOnly    Role = "ROLE_TRACKING"
)

// AllRoles lists every role in the order screens show them.
var AllRoles = []Role{SuperAdmin, Admin, Operations, User, API, CustomerService, TrackingOnly}

// IsRole reports whether s names a role of the portal.
func IsRole(s string) bool { return slices.Contains(AllRoles, Role(s)) }
