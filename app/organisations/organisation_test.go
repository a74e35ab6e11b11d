package organisations_test

import (
	"context"
	"testing"

	"parcelportal/adapters/memory"
	"parcelportal/app/organisations"
	"parcelportal/core/access"
	"parcelportal/core/failure"
	"parcelportal/core/organisation"
)

var (
	ctx        = context.Background()
	superAdmin = &access.Caller{Login: "superadmin", Roles: []access.Role{access.SuperAdmin, access.Admin}}
)

type checker struct {
	got  []organisation.Credentials
	kind []organisation.CredentialType
}

func (c *checker) CheckCredentials(_ context.Context, t organisation.CredentialType, cr organisation.Credentials) (bool, error) {
	c.got = append(c.got, cr)
	c.kind = append(c.kind, t)
	return cr.Password == "right", nil
}

func tenant() organisation.Tenant {
	return organisation.Tenant{Subsidiary: "S", Name: "N",
		A1:   organisation.Credentials{Username: "u", Password: "right", APIKey: "k"},
		Hubs: []organisation.Hub{{Name: "H", Address: organisation.Address{Street: "s", ZipCode: "z", City: "c"}, IsDefault: true}}}
}

func TestTenantUseCases(t *testing.T) {
	o := memory.NewOrganisation()
	chk := &checker{}
	s := organisations.Service{Tenants: o, Fulfillments: o, Checker: chk}
	if _, err := s.CreateTenant(ctx, superAdmin, organisation.Tenant{Name: "x"}); err == nil {
		t.Fatal("an invalid tenant was created")
	}
	created, err := s.CreateTenant(ctx, superAdmin, tenant())
	if err != nil || created.Hubs[0].CountryCode != "DE" {
		t.Fatalf("create = %+v, %v", created, err)
	}

	// The browser never sees secrets: sent empty they stay.
	edit := created
	edit.A1 = organisation.Credentials{Username: "u2"}
	edit.Hubs = organisation.AddHub(edit.Hubs)
	if _, err := s.UpdateTenant(ctx, superAdmin, edit); !failure.HasKey(err, "error.validation") {
		t.Fatalf("an empty added hub was saved: %v", err)
	}
	edit.Hubs = edit.Hubs[:1]
	updated, err := s.UpdateTenant(ctx, superAdmin, edit)
	if err != nil || updated.A1 != (organisation.Credentials{Username: "u2", Password: "right", APIKey: "k"}) {
		t.Fatalf("update = %+v, %v", updated.A1, err)
	}
	edit.A1 = organisation.Credentials{}
	if updated, _ = s.UpdateTenant(ctx, superAdmin, edit); !updated.A1.IsZero() {
		t.Fatalf("an empty username must clear the login: %+v", updated.A1)
	}

	ok, err := s.CheckTenantCredentials(ctx, superAdmin, "grp", 0, organisation.Credentials{Username: "g", Password: "right", APIKey: "ignored"})
	if err != nil || !ok || chk.got[0].APIKey != "" || chk.kind[0] != organisation.CredentialGRP {
		t.Fatalf("grp check = %v, %v, %+v", ok, err, chk.got)
	}
	if ok, _ := s.CheckTenantCredentials(ctx, superAdmin, "a1", 0, organisation.Credentials{Username: "g", Password: "wrong"}); ok {
		t.Fatal("a wrong password passed")
	}
	if _, err := s.CheckTenantCredentials(ctx, superAdmin, "soap", 0, organisation.Credentials{}); !failure.HasKey(err, organisation.KeyCredentialType) {
		t.Fatalf("unknown type: %v", err)
	}
	// Stored secrets fill the empty ones of an existing tenant.
	second, _ := s.CreateTenant(ctx, superAdmin, func() organisation.Tenant { x := tenant(); x.Name = "M"; return x }())
	ok, err = s.CheckTenantCredentials(ctx, superAdmin, "a1", second.ID, organisation.Credentials{Username: "u"})
	if err != nil || !ok || chk.got[len(chk.got)-1].APIKey != "k" {
		t.Fatalf("stored check = %v, %v, %+v", ok, err, chk.got)
	}
	calls := len(chk.got)
	if ok, _ := s.CheckTenantCredentials(ctx, superAdmin, "a1", 0, organisation.Credentials{Username: "u"}); ok || len(chk.got) != calls {
		t.Fatal("an empty password must fail without asking the carrier")
	}
}

func TestFulfillmentUseCases(t *testing.T) {
	o := memory.NewOrganisation()
	s := organisations.Service{Tenants: o, Fulfillments: o}
	tn, _ := s.CreateTenant(ctx, superAdmin, tenant())
	a := o.AddCustomer("Anna", "DE10000001", tn.Hubs[0].ID)
	b := o.AddCustomer("Bert", "DE10000002", tn.Hubs[0].ID)
	if _, err := s.SaveFulfillment(ctx, superAdmin, organisation.Fulfillment{Name: " "}); !failure.HasKey(err, "error.validation") {
		t.Fatalf("blank name: %v", err)
	}
	rhein, err := s.SaveFulfillment(ctx, superAdmin, organisation.Fulfillment{Name: "Rhein", Customers: []organisation.CustomerRef{{ID: a.ID}, {ID: 0}}})
	if err != nil || len(rhein.Customers) != 1 {
		t.Fatalf("save = %+v, %v", rhein, err)
	}
	moves, err := s.CustomersToMove(ctx, superAdmin, 0, []int64{a.ID, b.ID})
	if err != nil || len(moves) != 1 || moves[0].Customer.ID != a.ID || moves[0].Fulfillment.Name != "Rhein" {
		t.Fatalf("CustomersToMove = %+v, %v", moves, err)
	}
	if moves, _ := s.CustomersToMove(ctx, superAdmin, rhein.ID, []int64{a.ID, b.ID}); len(moves) != 0 {
		t.Fatalf("own customers listed: %+v", moves)
	}
	choices, _ := s.CustomerChoices(ctx, superAdmin)
	if len(choices) != 2 || choices[0].Fulfillment.ID != rhein.ID || choices[1].Fulfillment.ID != 0 {
		t.Fatalf("choices = %+v", choices)
	}
}

// The use cases check the caller themselves, as the role table does: staff
// read tenants and run fulfillments, admins edit tenants and check their
// logins, the super admin alone creates and deletes them; below staff
// nothing is allowed.
func TestOrganisationRefusesLowerRoles(t *testing.T) {
	o := memory.NewOrganisation()
	s := organisations.Service{Tenants: o, Fulfillments: o, Checker: &checker{}}
	created, err := s.CreateTenant(ctx, superAdmin, tenant())
	if err != nil {
		t.Fatal(err)
	}
	admin := &access.Caller{Login: "admin", Roles: []access.Role{access.Admin}}
	ops := &access.Caller{Login: "operations", Roles: []access.Role{access.Operations}}
	user := &access.Caller{Login: "user", Roles: []access.Role{access.User}, CustomerID: 1}
	forbidden := func(what string, err error) {
		t.Helper()
		if f, ok := failure.As(err); !ok || f.Kind != failure.Forbidden {
			t.Errorf("%s = %v; want forbidden", what, err)
		}
	}
	_, err = s.CreateTenant(ctx, admin, tenant())
	forbidden("CreateTenant by an admin", err)
	forbidden("DeleteTenant by an admin", s.DeleteTenant(ctx, admin, created.ID))
	_, err = s.UpdateTenant(ctx, ops, created)
	forbidden("UpdateTenant by operations", err)
	_, err = s.CheckTenantCredentials(ctx, ops, "a1", created.ID, organisation.Credentials{Username: "u"})
	forbidden("CheckTenantCredentials by operations", err)
	if _, err := s.GetTenant(ctx, ops, created.ID); err != nil {
		t.Errorf("GetTenant by operations = %v", err)
	}
	_, _, err = s.ListTenants(ctx, user, organisations.Page{})
	forbidden("ListTenants by a user", err)
	_, err = s.AllTenants(ctx, user)
	forbidden("AllTenants by a user", err)
	_, err = s.GetTenant(ctx, user, created.ID)
	forbidden("GetTenant by a user", err)
	_, _, err = s.ListFulfillments(ctx, user, organisations.Page{})
	forbidden("ListFulfillments by a user", err)
	_, err = s.GetFulfillment(ctx, user, 1)
	forbidden("GetFulfillment by a user", err)
	_, err = s.SaveFulfillment(ctx, user, organisation.Fulfillment{Name: "Mine"})
	forbidden("SaveFulfillment by a user", err)
	forbidden("DeleteFulfillment by a user", s.DeleteFulfillment(ctx, user, 1))
	_, err = s.CustomersToMove(ctx, user, 0, []int64{1})
	forbidden("CustomersToMove by a user", err)
	_, err = s.CustomerChoices(ctx, user)
	forbidden("CustomerChoices by a user", err)
	if list, _, _ := s.ListFulfillments(ctx, superAdmin, organisations.Page{}); len(list) != 0 {
		t.Errorf("refused calls stored %+v", list)
	}
}
