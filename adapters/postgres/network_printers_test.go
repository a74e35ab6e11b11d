package postgres_test

import (
	"context"
	"testing"

	"parcelportal/adapters/postgres"
	"parcelportal/adapters/postgres/postgrestest"
	"parcelportal/app/printers/storetest"
	"parcelportal/core/printer"
)

func TestNetworkPrintersContract(t *testing.T) {
	t.Parallel()
	pool := postgrestest.NewPool(t)
	storetest.Contract(t, postgres.NetworkPrinters{Pool: pool}, demoCustomers(t, pool), 1<<40)
}

func TestNetworkPrintersGoWithTheirCustomer(t *testing.T) {
	t.Parallel()
	pool := postgrestest.NewPool(t)
	ctx := context.Background()
	customers := demoCustomers(t, pool)
	store := postgres.NetworkPrinters{Pool: pool}
	if _, err := store.Create(ctx, printer.Printer{CustomerID: customers[1], Name: "Desk", Host: "10.0.0.9", Port: 9100, DPI: 203}); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `DELETE FROM customer WHERE id = $1`, customers[1]); err != nil {
		t.Fatal(err)
	}
	var left int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM network_printer`).Scan(&left); err != nil || left != 0 {
		t.Fatalf("printers left after their customer = %d, %v", left, err)
	}
}
