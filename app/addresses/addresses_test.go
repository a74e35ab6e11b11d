package addresses_test

import (
	"context"
	"testing"

	"parcelportal/adapters/memory"
	"parcelportal/app/addresses"
	"parcelportal/app/addresses/storetest"
	"parcelportal/core/access"
	"parcelportal/core/addressbook"
	"parcelportal/core/failure"
)

var ctx = context.Background()

func user(customerID int64) *access.Caller {
	return &access.Caller{Login: "u", Roles: []access.Role{access.User}, CustomerID: customerID}
}

func TestAddFromParcelStoresTheRecipientOnce(t *testing.T) {
	svc := addresses.Service{Entries: memory.NewAddressBook()}
	recipient := storetest.Address("Heidi Muster")
	recipient.Email = "heidi@example.de"
	e, added, err := svc.AddFromParcel(ctx, user(1), 1, recipient)
	if err != nil || !added || e.ID == 0 || e.Name != "Heidi Muster" {
		t.Fatalf("AddFromParcel = %+v, %v, %v", e, added, err)
	}
	// The same recipient on the next parcel: nothing stored, no error.
	again := recipient
	again.Name = " HEIDI MUSTER "
	if e, added, err := svc.AddFromParcel(ctx, user(1), 1, again); err != nil || added || e.ID != 0 {
		t.Fatalf("second AddFromParcel = %+v, %v, %v", e, added, err)
	}
	if list, total, _ := svc.List(ctx, user(1), 1, "", 0, 0); total != 1 || len(list) != 1 {
		t.Fatalf("entries = %d", total)
	}
	// Refusals as Create's.
	if _, _, err := svc.AddFromParcel(ctx, user(1), 1, addressbook.Address{Name: "x"}); !failure.HasKey(err, "error.validation") {
		t.Fatalf("an incomplete recipient = %v", err)
	}
	if _, _, err := svc.AddFromParcel(ctx, user(1), 2, recipient); !failure.HasKey(err, "error.customerNotFound") {
		t.Fatalf("into another customer's book = %v", err)
	}
	tracking := &access.Caller{Roles: []access.Role{access.TrackingOnly}, CustomerID: 1}
	if _, _, err := svc.AddFromParcel(ctx, tracking, 1, recipient); !failure.HasKey(err, "error.forbidden") {
		t.Fatalf("as a tracking-only login = %v", err)
	}
}

func TestEveryUseCaseChecksTheCaller(t *testing.T) {
	store := memory.NewAddressBook()
	svc := addresses.Service{Entries: store}
	e, err := svc.Create(ctx, user(1), 1, storetest.Address("Anna"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		caller *access.Caller
		key    string
	}{
		{nil, "error.unauthenticated"},
		{&access.Caller{Roles: []access.Role{access.CustomerService}}, "error.forbidden"},
		{&access.Caller{Roles: []access.Role{access.API}, CustomerID: 1}, "error.forbidden"},
	} {
		calls := map[string]error{}
		_, _, calls["List"] = svc.List(ctx, c.caller, 1, "", 0, 0)
		_, calls["Get"] = svc.Get(ctx, c.caller, e.ID)
		_, calls["Create"] = svc.Create(ctx, c.caller, 1, storetest.Address("B"))
		_, calls["Update"] = svc.Update(ctx, c.caller, 1, e.ID, storetest.Address("B"))
		calls["Delete"] = svc.Delete(ctx, c.caller, 1, e.ID)
		_, calls["Export"] = svc.Export(ctx, c.caller, 1)
		_, calls["Import"] = svc.Import(ctx, c.caller, 1, []byte("name\nx\n"))
		_, calls["Template"] = svc.Template(c.caller)
		for name, err := range calls {
			if !failure.HasKey(err, c.key) {
				t.Errorf("%s as %v = %v, want %s", name, c.caller, err, c.key)
			}
		}
	}
	if _, err := svc.Update(ctx, user(2), 2, e.ID, storetest.Address("B")); !failure.HasKey(err, addressbook.KeyNotFound) {
		t.Fatalf("Update of another's entry = %v", err)
	}
	if got, _ := store.Get(ctx, e.ID); got.Name != "Anna" {
		t.Fatalf("the entry changed: %+v", got)
	}
}
