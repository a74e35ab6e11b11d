package main

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"parcelportal/adapters/postgres"
	"parcelportal/core/addressbook"
)

// TestParcelReceiverGoesToTheAddressBook creates parcels over REST with
// addAddressToAddressBook: the receiver is in the customer's book once,
// however often it is sent; without the flag nothing is added; another
// customer's book is untouched.
func TestParcelReceiverGoesToTheAddressBook(t *testing.T) {
	p := newParcelPortal(t)
	user := p.as("ROLE_USER", p.bakery)
	book := postgres.AddressBook{Pool: p.db.pool}
	entries := func(customerID int64, name string) []addressbook.Entry {
		t.Helper()
		list, _, err := book.List(context.Background(), addressbook.NewQuery(customerID, name, 0, 0))
		if err != nil {
			t.Fatal(err)
		}
		var out []addressbook.Entry
		for _, e := range list {
			if e.Name == name {
				out = append(out, e)
			}
		}
		return out
	}
	withBook := func(name string) string {
		f := form(name, false)
		return `{"labelType":"PDF","csvShipmentDTO":` + strings.Replace(f, `{`, `{"addAddressToAddressBook":true,"mobile":"+49 170 1",`, 1) + `}`
	}
	path := fmt.Sprintf("/web/api/customers/%d/parcels", p.bakery)

	p.ok(user, "POST", path, withBook("Booked Receiver"))
	got := entries(p.bakery, "Booked Receiver")
	if len(got) != 1 {
		t.Fatalf("entries after one create = %d, want 1", len(got))
	}
	if e := got[0]; e.Street != "Hauptstraße" || e.No != "1" || e.PostalCode != "10115" || e.City != "Berlin" ||
		e.IsoCountry != "DE" || e.Mobile != "+49 170 1" {
		t.Errorf("entry = %+v", e)
	}

	second := p.ok(user, "POST", path, withBook("Booked Receiver"))
	if fmt.Sprint(second["parcelId"]) == "" {
		t.Errorf("second create = %v", second)
	}
	if n := len(entries(p.bakery, "Booked Receiver")); n != 1 {
		t.Errorf("entries after the same receiver twice = %d, want 1", n)
	}

	p.create(user, p.bakery, "Unbooked Receiver", false)
	if n := len(entries(p.bakery, "Unbooked Receiver")); n != 0 {
		t.Errorf("entries without the flag = %d, want 0", n)
	}
	if n := len(entries(p.garden, "Booked Receiver")); n != 0 {
		t.Errorf("another customer's book has %d entries", n)
	}
}
