package access

import "slices"

// Caller is who makes a request, as the identity provider and the portal's
// user data know them. A nil *Caller is an anonymous visitor.
type Caller struct {
	IdentityID string
	Login      string
	Roles      []Role
	// CustomerID is the customer the login belongs to; zero for none.
	CustomerID int64
	// FulfillmentID is the fulfillment the login acts for; zero for none.
	FulfillmentID int64
	// FulfillmentCustomers are the customers the fulfillment acts for.
	FulfillmentCustomers []int64
}

// Has reports whether the caller holds any of the roles.
func (c *Caller) Has(roles ...Role) bool {
	if c == nil {
		return false
	}
	for _, r := range roles {
		if slices.Contains(c.Roles, r) {
			return true
		}
	}
	return false
}

// IsAdmin: ADMIN or SUPERADMIN (spec 1 section 6).
func (c *Caller) IsAdmin() bool { return c.Has(Admin, SuperAdmin) }

// IsTrackingOnly: the only role is TRACKING; such a user sees tracking only.
func (c *Caller) IsTrackingOnly() bool {
	return c != nil && len(c.Roles) == 1 && c.Roles[0] == TrackingOnly
}

// Policy says who may call an operation.
type Policy struct {
	public bool
	// blind: the operation never reads who calls.
	blind bool
	roles []Role
}

// Public operations need no sign-in: the profile, registration, activation,
// password reset, inquiries.
func Public() Policy { return Policy{public: true} }

// Anonymous operations are public and never read who calls (the version,
// the reference data): a bearer sent with them is not looked up, so they
// cost no session lookup (issue 26: the floor paid one per call).
func Anonymous() Policy { return Policy{public: true, blind: true} }

// Authenticated operations are open to every signed-in user with a role.
func Authenticated() Policy { return Policy{} }

// AnyOf operations need one of the roles.
func AnyOf(roles ...Role) Policy { return Policy{roles: roles} }

// Allows applies spec 1 section 6: a listed role grants access, an empty
// list means any authenticated user, and a user without roles is denied.
func (p Policy) Allows(c *Caller) bool {
	if p.public {
		return true
	}
	if c == nil || len(c.Roles) == 0 {
		return false
	}
	return len(p.roles) == 0 || c.Has(p.roles...)
}

// IsPublic reports whether the operation needs no sign-in.
func (p Policy) IsPublic() bool { return p.public }

// ReadsCaller reports whether the operation may read who calls: false for
// Anonymous operations only.
func (p Policy) ReadsCaller() bool { return !p.blind }

// Roles lists the roles the policy names; empty for public and authenticated.
func (p Policy) Roles() []Role { return slices.Clone(p.roles) }

// FormRoles may reach the entity pages, the customer form with its consents
// among them (spec 1 section 6, spec 3 section 6): ADMIN, SUPERADMIN, USER
// and OPERATIONS. Tracking-only, API and customer-service logins may not.
var FormRoles = []Role{Admin, SuperAdmin, User, Operations}

// MayUseForms reports whether the caller holds one of FormRoles.
func (c *Caller) MayUseForms() bool { return c.Has(FormRoles...) }

// Link is the portal's side of a login: the customer it belongs to and the
// fulfillment it acts for, with that fulfillment's customers.
type Link struct {
	CustomerID           int64
	FulfillmentID        int64
	FulfillmentCustomers []int64
}

// CanActFor reports whether the caller may touch the customer's data: its
// own customer, a customer of its fulfillment, or any customer for staff.
func (c *Caller) CanActFor(customerID int64) bool {
	switch {
	case c == nil || customerID == 0:
		return false
	case c.Has(SuperAdmin, Admin, Operations, CustomerService):
		return true
	case c.CustomerID == customerID:
		return true
	default:
		return slices.Contains(c.FulfillmentCustomers, customerID)
	}
}
