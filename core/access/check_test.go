package access

import (
	"testing"

	"parcelportal/core/failure"
)

func TestCheckRefusesLikeTheRoleTable(t *testing.T) {
	ops := &Caller{Roles: []Role{Operations}}
	if err := Staff.Check(ops); err != nil {
		t.Errorf("staff check of operations = %v", err)
	}
	if f, ok := failure.As(Admins.Check(ops)); !ok || f.Kind != failure.Forbidden || f.Key != "error.forbidden" {
		t.Errorf("admins check of operations = %v; want error.forbidden", f)
	}
	if f, ok := failure.As(SignedIn.Check(nil)); !ok || f.Kind != failure.Unauthenticated {
		t.Errorf("signed-in check of nobody = %v; want error.unauthenticated", f)
	}
	if f, ok := failure.As(SignedIn.Check(&Caller{Login: "new"})); !ok || f.Kind != failure.Forbidden {
		t.Errorf("signed-in check of a login without roles = %v; want error.forbidden", f)
	}
}

func TestCheckForHidesOtherCustomers(t *testing.T) {
	notFound := failure.New(failure.NotFound, "error.test.notFound")
	user := &Caller{Roles: []Role{User}, CustomerID: 7}
	if err := FormUsers.CheckFor(user, 7, notFound); err != nil {
		t.Errorf("own customer = %v", err)
	}
	if err := FormUsers.CheckFor(user, 8, notFound); err != notFound {
		t.Errorf("another customer = %v; want the not-found given", err)
	}
	if f, ok := failure.As(Admins.CheckFor(user, 7, notFound)); !ok || f.Kind != failure.Forbidden {
		t.Errorf("own customer without the role = %v; want error.forbidden", f)
	}
}
