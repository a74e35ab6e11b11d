package postgres_test

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/adapters/postgres"
	"parcelportal/adapters/postgres/postgrestest"
	"parcelportal/app/demo"
	"parcelportal/app/reports/invoicestoretest"
	"parcelportal/core/invoice"
	"parcelportal/core/invoicereport"
)

// invoiceFixture saves the demo organisation and writes shipments of its
// bakery (four) and garden centre (two).
func invoiceFixture(t *testing.T, pool *pgxpool.Pool) invoicestoretest.Fixture {
	t.Helper()
	ctx := context.Background()
	if err := (postgres.DemoDirectory{Pool: pool}).SaveOrganisation(ctx, demo.DemoOrganisation()); err != nil {
		t.Fatal(err)
	}
	f := invoicestoretest.Fixture{CRMIDs: [2]string{demo.BakeryCRMID, demo.GardenCRMID}}
	for i, crm := range f.CRMIDs {
		if err := pool.QueryRow(ctx, `SELECT id FROM customer WHERE crmid = $1`, crm).Scan(&f.Customers[i]); err != nil {
			t.Fatal(err)
		}
	}
	for i := range f.Mine {
		f.Mine[i] = postgrestest.PutShipment(t, pool, postgrestest.Shipment{Customer: f.Customers[0], BatchStatus: "MANIFEST_CREATED"})
	}
	for i := range f.Theirs {
		f.Theirs[i] = postgrestest.PutShipment(t, pool, postgrestest.Shipment{Customer: f.Customers[1], BatchStatus: "MANIFEST_CREATED"})
	}
	return f
}

func TestInvoicesContract(t *testing.T) {
	t.Parallel()
	pool := postgrestest.NewPool(t)
	invoicestoretest.Contract(t, postgres.Invoices{Pool: pool}, invoiceFixture(t, pool))
}

// The admin invoice report counts the stored invoices of the period, per
// customer, and those made while the customer was chargeable.
func TestInvoiceCountsCountStoredInvoices(t *testing.T) {
	t.Parallel()
	pool := postgrestest.NewPool(t)
	f := invoiceFixture(t, pool)
	ctx := context.Background()
	store := postgres.Invoices{Pool: pool}
	put := func(who int, number string, at time.Time, chargeable bool, shipment int64) {
		t.Helper()
		inv := invoice.Stored{CustomerID: f.Customers[who], CRMID: f.CRMIDs[who], CreatedBy: "u", CreatedAt: at, Chargeable: chargeable,
			Header:    invoice.Header{Number: number, Incoterm: invoice.IncotermDAP, ReasonOfExport: invoice.DefaultReasonOfExport},
			Shipments: []invoice.StoredShipment{{ID: shipment}}}
		if _, err := store.Save(ctx, []invoice.Stored{inv}); err != nil {
			t.Fatal(err)
		}
	}
	at := func(m, d int) time.Time { return time.Date(2026, time.Month(m), d, 12, 0, 0, 0, time.UTC) }
	put(0, "A", at(3, 1), true, f.Mine[0])
	put(0, "B", at(3, 31), false, f.Mine[1])
	put(0, "C", at(4, 1), true, f.Mine[2])
	put(1, "A", at(3, 15), false, f.Theirs[0])
	counts := postgres.InvoiceCounts{Pool: pool}
	rows, err := counts.Counts(ctx, at(3, 1).Add(-12*time.Hour), at(4, 1).Add(-12*time.Hour))
	if err != nil || len(rows) != 2 {
		t.Fatalf("March = %+v, %v", rows, err)
	}
	byCRM := map[string]invoicereport.Row{}
	for _, r := range rows {
		byCRM[r.CRMID] = r
	}
	if r := byCRM[demo.BakeryCRMID]; r.CustomerID != f.Customers[0] || r.CommercialInvoices != 2 || r.ChargeableInvoices != 1 || r.CustomerName == "" {
		t.Errorf("bakery in March = %+v", r)
	}
	if r := byCRM[demo.GardenCRMID]; r.CommercialInvoices != 1 || r.ChargeableInvoices != 0 {
		t.Errorf("garden centre in March = %+v", r)
	}
	if rows, err := counts.Counts(ctx, at(5, 1), at(6, 1)); err != nil || len(rows) != 0 {
		t.Errorf("May = %+v, %v", rows, err)
	}
}
