// Package storetest holds the contract test of the network printer store,
// run against Postgres and the in-memory fake alike.
package storetest

import (
	"context"
	"testing"

	"parcelportal/app/printers"
	"parcelportal/core/failure"
	"parcelportal/core/printer"
)

// Contract checks create, list order, the customer boundary of get,
// update and delete, and a printer of a customer that does not exist.
// customers are two existing customers; missing is a customer id that
// does not exist.
func Contract(t *testing.T, store printers.Store, customers [2]int64, missing int64) {
	ctx := context.Background()
	a, b := customers[0], customers[1]
	zeta, err := store.Create(ctx, printer.Printer{CustomerID: a, Name: "Zeta", Host: "10.0.0.5", Port: 9100, DPI: 203})
	if err != nil || zeta.ID == 0 || zeta.CustomerID != a || zeta.Host != "10.0.0.5" {
		t.Fatalf("Create = %+v, %v", zeta, err)
	}
	alpha, err := store.Create(ctx, printer.Printer{CustomerID: a, Name: "Alpha", Host: "printer.local", Port: 6101, DPI: 300})
	if err != nil || alpha.ID == zeta.ID {
		t.Fatalf("Create = %+v, %v", alpha, err)
	}
	other, err := store.Create(ctx, printer.Printer{CustomerID: b, Name: "Other", Host: "10.0.0.6", Port: 9100, DPI: 203})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := store.Create(ctx, printer.Printer{CustomerID: missing, Name: "x", Host: "h", Port: 1, DPI: 203}); !notFound(err) {
		t.Fatalf("Create for a missing customer = %v", err)
	}
	list, err := store.List(ctx, a)
	if err != nil || len(list) != 2 || list[0] != alpha || list[1] != zeta {
		t.Fatalf("List = %+v, %v", list, err)
	}
	if got, err := store.Get(ctx, a, alpha.ID); err != nil || got != alpha {
		t.Fatalf("Get = %+v, %v", got, err)
	}
	// Another customer's printer is not found, to read, change or delete.
	if _, err := store.Get(ctx, a, other.ID); !notFound(err) {
		t.Fatalf("Get of another customer's printer = %v", err)
	}
	moved := other
	moved.CustomerID, moved.Host = a, "evil.example"
	if _, err := store.Update(ctx, moved); !notFound(err) {
		t.Fatalf("Update of another customer's printer = %v", err)
	}
	if err := store.Delete(ctx, a, other.ID); !notFound(err) {
		t.Fatalf("Delete of another customer's printer = %v", err)
	}
	if got, _ := store.Get(ctx, b, other.ID); got != other {
		t.Fatalf("another customer's printer changed: %+v", got)
	}
	alpha.Host, alpha.Port, alpha.DPI, alpha.Name = "10.1.1.1", 9101, 203, "Alpha 2"
	if got, err := store.Update(ctx, alpha); err != nil || got != alpha {
		t.Fatalf("Update = %+v, %v", got, err)
	}
	if err := store.Delete(ctx, a, zeta.ID); err != nil {
		t.Fatal(err)
	}
	if err := store.Delete(ctx, a, zeta.ID); !notFound(err) {
		t.Fatalf("second Delete = %v", err)
	}
	if list, _ := store.List(ctx, a); len(list) != 1 || list[0] != alpha {
		t.Fatalf("List after delete = %+v", list)
	}
	if list, err := store.List(ctx, missing); err != nil || len(list) != 0 {
		t.Fatalf("List of a customer without printers = %+v, %v", list, err)
	}
}

func notFound(err error) bool {
	e, ok := failure.As(err)
	return ok && e.Kind == failure.NotFound
}
