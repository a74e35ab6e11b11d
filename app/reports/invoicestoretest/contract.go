// Package invoicestoretest is the contract every reports.InvoiceStore
// passes: the memory fake and PostgreSQL alike.
package invoicestoretest

import (
	"context"
	"sync"
	"testing"
	"time"

	"parcelportal/app/reports"
	"parcelportal/core/failure"
	"parcelportal/core/invoice"
)

// Fixture names what the store's invoices refer to: two customers with
// their CRM ids and four shipments of the first and two of the second.
type Fixture struct {
	Customers [2]int64
	CRMIDs    [2]string
	Mine      [4]int64
	Theirs    [2]int64
}

func stored(f Fixture, who int, number string, shipments ...int64) invoice.Stored {
	s := invoice.Stored{CustomerID: f.Customers[who], CRMID: f.CRMIDs[who],
		Header: invoice.Header{Number: number, PONumber: "PO-1", Incoterm: invoice.IncotermDDP, ReasonOfExport: invoice.DefaultReasonOfExport,
			AdditionalComments: "comment", DeclarationStatement: "declared", FreightPostage: 4.5, Duty: 1.25, VAT: 7.7, TobaccoTax: 0.1, DiscountRebate: 2},
		Currency: "CHF", Subtotal: 17.3, Total: 28.85, Chargeable: who == 0, CreatedBy: "user@example.com",
		CreatedAt: time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)}
	for _, id := range shipments {
		s.Shipments = append(s.Shipments, invoice.StoredShipment{ID: id})
	}
	return s
}

// Contract runs the store through the contract of reports.InvoiceStore.
func Contract(t *testing.T, store reports.InvoiceStore, f Fixture) {
	ctx := context.Background()
	saved, err := store.Save(ctx, []invoice.Stored{stored(f, 0, "INV-1", f.Mine[1], f.Mine[0])})
	if err != nil || len(saved) != 1 || saved[0].ID == 0 {
		t.Fatalf("Save = %+v, %v", saved, err)
	}

	// The same number for the same CRM id is taken, and nothing of the refused call is kept.
	_, err = store.Save(ctx, []invoice.Stored{stored(f, 1, "INV-1", f.Theirs[0]), stored(f, 0, "INV-1", f.Mine[2])})
	if !failure.HasKey(err, invoice.KeyNumberTaken) {
		t.Errorf("a taken number: %v", err)
	}
	if got, _ := store.ByNumber(ctx, nil, "INV-1"); len(got) != 1 {
		t.Errorf("a refused save kept %d invoices", len(got))
	}
	// The same number for another CRM id is free.
	if _, err := store.Save(ctx, []invoice.Stored{stored(f, 1, "INV-1", f.Theirs[0])}); err != nil {
		t.Errorf("the number for another CRM id: %v", err)
	}
	// A shipment is on one invoice at most.
	if _, err := store.Save(ctx, []invoice.Stored{stored(f, 0, "INV-2", f.Mine[2], f.Mine[0])}); !failure.HasKey(err, invoice.KeyAlreadyInvoiced) {
		t.Errorf("a shipment invoiced twice: %v", err)
	}
	if taken, _ := store.NumberTaken(ctx, "INV-2", []string{f.CRMIDs[0]}); taken {
		t.Errorf("a refused invoice's number is taken")
	}

	for _, c := range []struct {
		number string
		crmIDs []string
		want   bool
	}{
		{"INV-1", []string{f.CRMIDs[0]}, true},
		{"INV-1", []string{"nobody", f.CRMIDs[1]}, true},
		{"INV-1", []string{"nobody"}, false},
		{"INV-1", nil, false},
		{"inv-1", []string{f.CRMIDs[0]}, false},
		{"INV-9", []string{f.CRMIDs[0], f.CRMIDs[1]}, false},
	} {
		if got, err := store.NumberTaken(ctx, c.number, c.crmIDs); err != nil || got != c.want {
			t.Errorf("NumberTaken(%s, %v) = %v, %v", c.number, c.crmIDs, got, err)
		}
	}

	// Read back whole, in the customers given.
	got, err := store.ByNumber(ctx, []int64{f.Customers[0]}, "INV-1")
	if err != nil || len(got) != 1 {
		t.Fatalf("ByNumber = %+v, %v", got, err)
	}
	want := stored(f, 0, "INV-1", f.Mine[1], f.Mine[0])
	g := got[0]
	if g.ID != saved[0].ID || g.CustomerID != want.CustomerID || g.CRMID != want.CRMID || g.Header != want.Header ||
		g.Currency != "CHF" || g.Subtotal != 17.3 || g.Total != 28.85 || !g.Chargeable || g.CreatedBy != want.CreatedBy ||
		!g.CreatedAt.Equal(want.CreatedAt) || len(g.Shipments) != 2 || g.Shipments[0].ID != f.Mine[1] || g.Shipments[1].ID != f.Mine[0] {
		t.Errorf("ByNumber = %+v, want %+v", g, want)
	}
	if got, _ := store.ByNumber(ctx, nil, "INV-1"); len(got) != 2 || got[0].CRMID > got[1].CRMID {
		t.Errorf("ByNumber of every customer = %+v", got)
	}
	if got, _ := store.ByNumber(ctx, []int64{f.Customers[1]}, "INV-1"); len(got) != 1 || got[0].CustomerID != f.Customers[1] {
		t.Errorf("ByNumber of the other customer = %+v", got)
	}
	if got, _ := store.ByNumber(ctx, []int64{f.Customers[0]}, "INV-9"); len(got) != 0 {
		t.Errorf("ByNumber of an unknown number = %+v", got)
	}

	// The invoices of shipments, each whole.
	got, err = store.ForShipments(ctx, []int64{f.Mine[0], f.Mine[3], f.Theirs[0]})
	if err != nil || len(got) != 2 || got[0].ID >= got[1].ID || len(got[0].Shipments) != 2 || got[1].Shipments[0].ID != f.Theirs[0] {
		t.Errorf("ForShipments = %+v, %v", got, err)
	}
	if got, _ := store.ForShipments(ctx, []int64{f.Mine[3]}); len(got) != 0 {
		t.Errorf("ForShipments of a shipment on no invoice = %+v", got)
	}

	// Two identical calls at once: one invoice, one refusal.
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i := range errs {
		wg.Go(func() {
			_, errs[i] = store.Save(ctx, []invoice.Stored{stored(f, 0, "INV-3", f.Mine[3])})
		})
	}
	wg.Wait()
	refused := 0
	for _, err := range errs {
		switch {
		case err == nil:
		case failure.HasKey(err, invoice.KeyNumberTaken) || failure.HasKey(err, invoice.KeyAlreadyInvoiced):
			refused++
		default:
			t.Errorf("concurrent save: %v", err)
		}
	}
	if got, _ := store.ByNumber(ctx, nil, "INV-3"); refused != 1 || len(got) != 1 {
		t.Errorf("two identical calls: %d refused, %d stored", refused, len(got))
	}
}
