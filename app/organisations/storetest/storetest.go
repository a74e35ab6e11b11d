// Package storetest holds the contract tests of the organisation stores,
// run against Postgres and the in-memory fake alike.
package storetest

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"parcelportal/app/organisations"
	"parcelportal/core/failure"
	"parcelportal/core/organisation"
)

var ctx = context.Background()

// Stores are the stores under test and a way to add a customer served from
// a hub (customers belong to another slice of the domain).
type Stores struct {
	Tenants      organisations.TenantStore
	Fulfillments organisations.FulfillmentStore
	AddCustomer  func(t *testing.T, name, crmid string, hubID int64) organisation.CustomerRef
}

func hub(name string, def bool) organisation.Hub {
	return organisation.Hub{Name: name, EmailAddress: "hub@example.com",
		Address: organisation.Address{Street: "Street 1", AdditionalAddress: "Gate 2", ZipCode: "12345", City: "City", CountryCode: "DE"}, IsDefault: def}
}

func newTenant(name string) organisation.Tenant {
	return organisation.Tenant{Subsidiary: "Subsidiary " + name, Name: name, ServiceEmail: "service@example.com",
		SelfRegistrationEmails: []string{"a@example.com", "b@example.com"}, MarketingEmails: []string{"m@example.com"},
		Address: organisation.Address{Street: "Main 1", ZipCode: "60549", City: "Frankfurt", CountryCode: "DE"},
		A1:      organisation.Credentials{Username: "a1user", Password: "a1secret", APIKey: "a1key"},
		GRP:     organisation.Credentials{Username: "grpuser", Password: "grpsecret"},
		Hubs:    []organisation.Hub{hub("Frankfurt", true), hub("Hamburg", false)}}
}

func names(hubs []organisation.Hub) string {
	s := ""
	for _, h := range hubs {
		s += fmt.Sprintf("%s(%v) ", h.Name, h.IsDefault)
	}
	return s
}

// TenantContract checks tenants with hubs and credentials.
func TenantContract(t *testing.T, s Stores) {
	store := s.Tenants
	created, err := store.CreateTenant(ctx, newTenant("PP-DE"))
	if err != nil {
		t.Fatal(err)
	}
	t.Run("create round trip with credentials and hubs", func(t *testing.T) {
		got, err := store.GetTenant(ctx, created.ID)
		if err != nil {
			t.Fatal(err)
		}
		want := newTenant("PP-DE")
		if got.Subsidiary != want.Subsidiary || got.ServiceEmail != want.ServiceEmail || got.A1 != want.A1 || got.GRP != want.GRP ||
			!slices.Equal(got.SelfRegistrationEmails, want.SelfRegistrationEmails) || !slices.Equal(got.MarketingEmails, want.MarketingEmails) ||
			got.Address != want.Address {
			t.Fatalf("got %+v", got)
		}
		if len(got.Hubs) != 2 || got.Hubs[0].ID == 0 || got.Hubs[0].Name != "Frankfurt" || !got.Hubs[0].IsDefault ||
			got.Hubs[1].IsDefault || got.Hubs[1].AdditionalAddress != "Gate 2" || got.Hubs[1].EmailAddress != "hub@example.com" {
			t.Fatalf("hubs %+v", got.Hubs)
		}
	})
	t.Run("name taken", func(t *testing.T) {
		if _, err := store.CreateTenant(ctx, newTenant("PP-DE")); !failure.HasKey(err, organisations.ErrTenantExists.Key) {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("switch default, add and remove hubs", func(t *testing.T) {
		updated, err := store.UpdateTenant(ctx, created.ID, func(cur organisation.Tenant) (organisation.Tenant, error) {
			cur.Hubs = organisation.SetDefaultHub(cur.Hubs, 1)
			cur.Hubs[0].Name, cur.Hubs[1].Name = cur.Hubs[1].Name, cur.Hubs[0].Name // swap names: unique per tenant
			cur.Hubs = append(cur.Hubs, hub("Bremen", false))
			cur.Subsidiary = "Renamed"
			return cur, nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if got := names(updated.Hubs); got != "Hamburg(false) Frankfurt(true) Bremen(false) " || updated.Subsidiary != "Renamed" {
			t.Fatalf("hubs %s subsidiary %q", got, updated.Subsidiary)
		}
		again, err := store.UpdateTenant(ctx, created.ID, func(cur organisation.Tenant) (organisation.Tenant, error) {
			cur.Hubs, err = organisation.DeleteHub(cur.Hubs, 0)
			return cur, err
		})
		if err != nil {
			t.Fatal(err)
		}
		if got := names(again.Hubs); got != "Frankfurt(true) Bremen(false) " {
			t.Fatalf("after delete: %s", got)
		}
	})
	t.Run("a failing change stores nothing", func(t *testing.T) {
		before, _ := store.GetTenant(ctx, created.ID)
		refused := failure.New(failure.Invalid, "test.refused")
		_, err := store.UpdateTenant(ctx, created.ID, func(cur organisation.Tenant) (organisation.Tenant, error) {
			cur.Subsidiary = "Changed"
			return cur, refused
		})
		after, _ := store.GetTenant(ctx, created.ID)
		if !failure.HasKey(err, "test.refused") || after.Subsidiary != before.Subsidiary {
			t.Fatalf("err %v, subsidiary %q", err, after.Subsidiary)
		}
	})
	t.Run("list", func(t *testing.T) {
		if _, err := store.CreateTenant(ctx, newTenant("PP-AT")); err != nil {
			t.Fatal(err)
		}
		page, total, err := store.ListTenants(ctx, organisations.Page{Size: 1})
		if err != nil || total != 2 || len(page) != 1 || len(page[0].Hubs) == 0 {
			t.Fatalf("List = %+v, %d, %v", page, total, err)
		}
		second, _, _ := store.ListTenants(ctx, organisations.Page{Page: 1, Size: 1})
		if len(second) != 1 || second[0].ID == page[0].ID {
			t.Fatalf("second page = %+v", second)
		}
	})
	t.Run("hub serving a customer stays, tenant too", func(t *testing.T) {
		cur, _ := store.GetTenant(ctx, created.ID)
		s.AddCustomer(t, "Served", "DE20000001", cur.Hubs[1].ID)
		_, err := store.UpdateTenant(ctx, created.ID, func(cur organisation.Tenant) (organisation.Tenant, error) {
			cur.Hubs = cur.Hubs[:1]
			return cur, nil
		})
		if !failure.HasKey(err, organisations.ErrHubInUse.Key) {
			t.Fatalf("removing a used hub: %v", err)
		}
		if err := store.DeleteTenant(ctx, created.ID); !failure.HasKey(err, organisations.ErrTenantInUse.Key) {
			t.Fatalf("deleting a used tenant: %v", err)
		}
	})
	t.Run("delete", func(t *testing.T) {
		other, err := store.CreateTenant(ctx, newTenant("PP-NL"))
		if err != nil {
			t.Fatal(err)
		}
		if err := store.DeleteTenant(ctx, other.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := store.GetTenant(ctx, other.ID); !failure.HasKey(err, organisations.ErrTenantNotFound.Key) {
			t.Fatalf("deleted tenant: %v", err)
		}
		if err := store.DeleteTenant(ctx, other.ID); !failure.HasKey(err, organisations.ErrTenantNotFound.Key) {
			t.Fatalf("second delete: %v", err)
		}
	})
}

// FulfillmentContract checks fulfillments, their customers and moves.
func FulfillmentContract(t *testing.T, s Stores) {
	tn, err := s.Tenants.CreateTenant(ctx, newTenant("PP-F"))
	if err != nil {
		t.Fatal(err)
	}
	hubID := tn.Hubs[0].ID
	a := s.AddCustomer(t, "Anna", "DE30000001", hubID)
	b := s.AddCustomer(t, "Bert", "DE30000002", hubID)
	c := s.AddCustomer(t, "Cora", "DE30000003", hubID)
	store := s.Fulfillments

	rhein, err := store.SaveFulfillment(ctx, organisation.Fulfillment{Name: "Rhein", CRMID: "DE99", Customers: []organisation.CustomerRef{{ID: a.ID}, {ID: b.ID}}})
	if err != nil {
		t.Fatal(err)
	}
	if rhein.ID == 0 || rhein.CRMID != "DE99" || len(rhein.Customers) != 2 || rhein.Customers[0] != a || rhein.Customers[1] != b {
		t.Fatalf("created %+v", rhein)
	}
	t.Run("name taken", func(t *testing.T) {
		if _, err := store.SaveFulfillment(ctx, organisation.Fulfillment{Name: "Rhein"}); !failure.HasKey(err, organisations.ErrFulfillmentExists.Key) {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("unknown customer", func(t *testing.T) {
		if _, err := store.SaveFulfillment(ctx, organisation.Fulfillment{Name: "Ghost", Customers: []organisation.CustomerRef{{ID: 987654}}}); !failure.HasKey(err, organisations.ErrUnknownCustomer.Key) {
			t.Fatalf("err = %v", err)
		}
		if _, total, _ := store.ListFulfillments(ctx, organisations.Page{Size: 10}); total != 1 {
			t.Fatalf("a refused save left a fulfillment: %d", total)
		}
	})
	t.Run("saving moves customers from other fulfillments", func(t *testing.T) {
		maas, err := store.SaveFulfillment(ctx, organisation.Fulfillment{Name: "Maas", Customers: []organisation.CustomerRef{{ID: b.ID}, {ID: c.ID}}})
		if err != nil {
			t.Fatal(err)
		}
		got, _ := store.GetFulfillment(ctx, rhein.ID)
		if len(got.Customers) != 1 || got.Customers[0].ID != a.ID || len(maas.Customers) != 2 {
			t.Fatalf("rhein %+v maas %+v", got.Customers, maas.Customers)
		}
		ms, err := store.Memberships(ctx)
		if err != nil || len(ms) != 3 {
			t.Fatalf("Memberships = %+v, %v", ms, err)
		}
		want := map[string]string{"Anna": "Rhein", "Bert": "Maas", "Cora": "Maas"}
		for _, m := range ms {
			if want[m.Customer.Name] != m.Fulfillment.Name || m.Customer.HubCountryCode != "DE" {
				t.Fatalf("membership %+v", m)
			}
		}
	})
	t.Run("update renames and clears customers", func(t *testing.T) {
		got, err := store.SaveFulfillment(ctx, organisation.Fulfillment{ID: rhein.ID, Name: "Rhein-Main", CRMID: "DE98"})
		if err != nil || got.Name != "Rhein-Main" || got.CRMID != "DE98" || len(got.Customers) != 0 {
			t.Fatalf("update = %+v, %v", got, err)
		}
		if _, err := store.SaveFulfillment(ctx, organisation.Fulfillment{ID: 987654, Name: "X"}); !failure.HasKey(err, organisations.ErrFulfillmentNotFound.Key) {
			t.Fatalf("missing id: %v", err)
		}
	})
	t.Run("list and delete", func(t *testing.T) {
		page, total, err := store.ListFulfillments(ctx, organisations.Page{Size: 1})
		if err != nil || total != 2 || len(page) != 1 || page[0].Name != "Maas" {
			t.Fatalf("List = %+v, %d, %v", page, total, err)
		}
		if err := store.DeleteFulfillment(ctx, page[0].ID); err != nil {
			t.Fatal(err)
		}
		if _, err := store.GetFulfillment(ctx, page[0].ID); !failure.HasKey(err, organisations.ErrFulfillmentNotFound.Key) {
			t.Fatalf("deleted: %v", err)
		}
		ms, _ := store.Memberships(ctx)
		if len(ms) != 3 || ms[1].Fulfillment.ID != 0 {
			t.Fatalf("customers stay without fulfillment: %+v", ms)
		}
		if err := store.DeleteFulfillment(ctx, page[0].ID); !failure.HasKey(err, organisations.ErrFulfillmentNotFound.Key) {
			t.Fatalf("second delete: %v", err)
		}
	})
}
