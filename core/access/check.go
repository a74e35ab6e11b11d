package access

import "parcelportal/core/failure"

// The policies the use cases and the transport's role table share, so the
// table at the edge and the check in the use case cannot drift apart.
var (
	// Admins maintain the reference documents, news, tenants and users.
	Admins = AnyOf(Admin, SuperAdmin)
	// Staff run the organisation: tenants to read, fulfillments, user data.
	Staff = AnyOf(Admin, SuperAdmin, Operations)
	// SuperAdmins alone create and delete tenants.
	SuperAdmins = AnyOf(SuperAdmin)
	// FormUsers reach the customer form and the shipping pages (FormRoles).
	FormUsers = AnyOf(FormRoles...)
	// Reporters reach the report and the customs documents (spec 2
	// section 6): the form roles and customer service.
	Reporters = AnyOf(Admin, SuperAdmin, User, Operations, CustomerService)
	// SignedIn is every signed-in caller with a role.
	SignedIn = Authenticated()
)

// Check refuses a caller the policy does not allow, with the failures the
// role table answers (error.unauthenticated without a caller,
// error.forbidden with one). Use cases call it themselves: the role table is
// the first gate, not the only one, so a use case reached another way (a
// job, a test, a second transport) keeps its rule.
func (p Policy) Check(c *Caller) error {
	switch {
	case p.Allows(c):
		return nil
	case c == nil:
		return failure.New(failure.Unauthenticated, "error.unauthenticated")
	default:
		return failure.New(failure.Forbidden, "error.forbidden")
	}
}

// CheckFor refuses as Check does, then a customer the caller does not act
// for with notFound: another customer's data does not exist for the caller.
func (p Policy) CheckFor(c *Caller, customerID int64, notFound error) error {
	if err := p.Check(c); err != nil {
		return err
	}
	if !c.CanActFor(customerID) {
		return notFound
	}
	return nil
}
