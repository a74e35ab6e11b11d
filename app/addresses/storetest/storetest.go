// Package storetest is the one contract of the address-book store
// (app/addresses.Entries), run against Postgres and the in-memory fake.
package storetest

import (
	"context"
	"fmt"
	"testing"

	"parcelportal/app/addresses"
	"parcelportal/core/addressbook"
	"parcelportal/core/failure"
)

var ctx = context.Background()

// Address is a valid address named name, in Frankfurt unless city says otherwise.
func Address(name string) addressbook.Address {
	return addressbook.Address{Name: name, Street: "Zeil", No: "1", PostalCode: "60313", City: "Frankfurt", IsoCountry: "DE"}
}

func isKey(err error, key string) bool { return failure.HasKey(err, key) }

// Contract checks a store holding no entries of customers a and b.
func Contract(t *testing.T, s addresses.Entries, a, b int64) {
	t.Run("create, get, update, delete, scoped to the customer", func(t *testing.T) {
		addr := Address("Anna Alt")
		addr.Email, addr.Phone, addr.RecipientNumber, addr.Street2 = "anna@example.de", "069 123456", "K-1", "Hinterhaus"
		e, err := s.Create(ctx, addressbook.Entry{CustomerID: a, Address: addr})
		if err != nil || e.ID == 0 || e.CustomerID != a || e.Address != addr || e.CreatedAt.IsZero() || e.UpdatedAt.IsZero() {
			t.Fatalf("Create = %+v, %v", e, err)
		}
		got, err := s.Get(ctx, e.ID)
		if err != nil || got.Address != addr || got.CustomerID != a {
			t.Fatalf("Get = %+v, %v", got, err)
		}
		if _, err := s.Get(ctx, e.ID+1000); !isKey(err, addressbook.KeyNotFound) {
			t.Fatalf("Get of an unknown id = %v", err)
		}
		changed := addr
		changed.City, changed.PostalCode = "Offenbach", "63065"
		if _, err := s.Update(ctx, addressbook.Entry{ID: e.ID, CustomerID: b, Address: changed}); !isKey(err, addressbook.KeyNotFound) {
			t.Fatalf("Update as another customer = %v", err)
		}
		up, err := s.Update(ctx, addressbook.Entry{ID: e.ID, CustomerID: a, Address: changed})
		if err != nil || up.City != "Offenbach" || up.ID != e.ID || up.CustomerID != a {
			t.Fatalf("Update = %+v, %v", up, err)
		}
		if got, _ := s.Get(ctx, e.ID); got.City != "Offenbach" {
			t.Fatalf("Get after Update = %+v", got)
		}
		if err := s.Delete(ctx, b, e.ID); !isKey(err, addressbook.KeyNotFound) {
			t.Fatalf("Delete as another customer = %v", err)
		}
		if err := s.Delete(ctx, a, e.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Get(ctx, e.ID); !isKey(err, addressbook.KeyNotFound) {
			t.Fatalf("Get after Delete = %v", err)
		}
		if err := s.Delete(ctx, a, e.ID); !isKey(err, addressbook.KeyNotFound) {
			t.Fatalf("second Delete = %v", err)
		}
	})

	t.Run("a recipient once per customer", func(t *testing.T) {
		x, err := s.Create(ctx, addressbook.Entry{CustomerID: a, Address: Address("Bert Bunt")})
		if err != nil {
			t.Fatal(err)
		}
		same := Address("BERT BUNT")
		if _, err := s.Create(ctx, addressbook.Entry{CustomerID: a, Address: same}); !isKey(err, addressbook.KeyDuplicate) {
			t.Fatalf("second identical Create = %v", err)
		}
		if _, err := s.Create(ctx, addressbook.Entry{CustomerID: b, Address: same}); err != nil {
			t.Fatalf("the same recipient in another customer's book: %v", err)
		}
		y, err := s.Create(ctx, addressbook.Entry{CustomerID: a, Address: Address("Carla Crem")})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Update(ctx, addressbook.Entry{ID: y.ID, CustomerID: a, Address: Address("Bert Bunt")}); !isKey(err, addressbook.KeyDuplicate) {
			t.Fatalf("Update into another entry's address = %v", err)
		}
		if _, err := s.Update(ctx, addressbook.Entry{ID: x.ID, CustomerID: a, Address: Address("Bert Bunt")}); err != nil {
			t.Fatalf("Update keeping its own address = %v", err)
		}
		for _, id := range []int64{x.ID, y.ID} {
			if err := s.Delete(ctx, a, id); err != nil {
				t.Fatal(err)
			}
		}
		all, _ := s.All(ctx, b)
		for _, e := range all {
			_ = s.Delete(ctx, b, e.ID)
		}
	})

	t.Run("list pages by name and searches any letter case", func(t *testing.T) {
		names := []string{"delta", "Alpha", "charlie", "Bravo", "echo 50%", "foxtrot_1"}
		for _, n := range names {
			addr := Address(n)
			if n == "charlie" {
				addr.City, addr.PostalCode = "Berlin", "10115"
			}
			if _, err := s.Create(ctx, addressbook.Entry{CustomerID: a, Address: addr}); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := s.Create(ctx, addressbook.Entry{CustomerID: b, Address: Address("Alpha Other")}); err != nil {
			t.Fatal(err)
		}
		page, total, err := s.List(ctx, addressbook.Query{CustomerID: a, Size: 4})
		if err != nil || total != 6 || len(page) != 4 || page[0].Name != "Alpha" || page[1].Name != "Bravo" || page[3].Name != "delta" {
			t.Fatalf("first page = %v, %d, %v", namesOf(page), total, err)
		}
		page, total, _ = s.List(ctx, addressbook.Query{CustomerID: a, Page: 1, Size: 4})
		if total != 6 || len(page) != 2 || page[0].Name != "echo 50%" {
			t.Fatalf("second page = %v, %d", namesOf(page), total)
		}
		for search, want := range map[string]string{"ALPH": "Alpha", "berlin": "charlie", "50%": "echo 50%", "t_1": "foxtrot_1", "10115": "charlie"} {
			page, total, err := s.List(ctx, addressbook.Query{CustomerID: a, Search: search, Size: 20})
			if err != nil || total != 1 || len(page) != 1 || page[0].Name != want {
				t.Errorf("search %q = %v, %d, %v; want %s", search, namesOf(page), total, err, want)
			}
		}
		if page, total, _ := s.List(ctx, addressbook.Query{CustomerID: a, Search: "_", Size: 20}); total != 1 || len(page) != 1 {
			t.Errorf("search _ takes the underscore literally: %v", namesOf(page))
		}
		if page, total, _ := s.List(ctx, addressbook.Query{CustomerID: a, Search: "nobody", Size: 20}); total != 0 || len(page) != 0 {
			t.Errorf("search without hits = %v, %d", namesOf(page), total)
		}
		all, err := s.All(ctx, a)
		if err != nil || len(all) != 6 || all[0].Name != "Alpha" || all[5].Name != "foxtrot_1" {
			t.Fatalf("All = %v, %v", namesOf(all), err)
		}
		for _, e := range all {
			_ = s.Delete(ctx, a, e.ID)
		}
		other, _ := s.All(ctx, b)
		for _, e := range other {
			_ = s.Delete(ctx, b, e.ID)
		}
	})

	t.Run("import stores what the book does not hold", func(t *testing.T) {
		if _, err := s.Create(ctx, addressbook.Entry{CustomerID: a, Address: Address("Held")}); err != nil {
			t.Fatal(err)
		}
		batch := make([]addressbook.Address, 0, 51)
		for i := range 50 {
			batch = append(batch, Address(fmt.Sprintf("Imported %02d", i)))
		}
		batch = append(batch, Address("held"))
		n, err := s.Import(ctx, a, batch)
		if err != nil || n != 50 {
			t.Fatalf("Import = %d, %v", n, err)
		}
		if n, err := s.Import(ctx, a, batch); err != nil || n != 0 {
			t.Fatalf("second identical Import = %d, %v", n, err)
		}
		if n, err := s.Import(ctx, b, batch[:3]); err != nil || n != 3 {
			t.Fatalf("Import into another customer's book = %d, %v", n, err)
		}
		_, total, _ := s.List(ctx, addressbook.Query{CustomerID: a, Size: 20})
		if total != 51 {
			t.Fatalf("entries after import = %d", total)
		}
		page, _, _ := s.List(ctx, addressbook.Query{CustomerID: a, Search: "imported 07", Size: 20})
		if len(page) != 1 || page[0].Address != batch[7] || page[0].CustomerID != a {
			t.Fatalf("an imported entry = %+v", page)
		}
	})
}

func namesOf(es []addressbook.Entry) []string {
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = e.Name
	}
	return out
}
