package batches_test

import (
	"bytes"
	"context"
	"errors"
	"testing"
	"time"

	"parcelportal/adapters/memory"
	"parcelportal/app/batches"
	"parcelportal/app/customers/storetest"
	"parcelportal/core/access"
	"parcelportal/core/batch"
	"parcelportal/core/batchcsv/batchcsvtest"
	"parcelportal/core/customer"
	"parcelportal/core/invoice"
	"parcelportal/core/reference"
)

var ctx = context.Background()

// merge joins documents with a separator so tests can count them.
func merge(docs [][]byte) ([]byte, error) {
	if len(docs) == 0 {
		return nil, errors.New("nothing to merge")
	}
	return bytes.Join(docs, []byte("|")), nil
}

// renderer records the invoices it was asked to render.
type renderer struct{ got []invoice.Commercial }

func (r *renderer) RenderCommercialInvoices(invoices []invoice.Commercial) ([]byte, error) {
	r.got = invoices
	return []byte("%PDF invoice"), nil
}

type fixture struct {
	svc   batches.Service
	store *memory.Batches
	// work is the same store as the job runner sees it.
	work        *memory.BatchWork
	queue       *memory.JobQueue
	invoices    *renderer
	mine, other customer.Customer
	admin, user *access.Caller
	ops         *access.Caller
	stranger    *access.Caller
}

// features of the demo bakery, as batchcsvtest rows expect them.
var features = []customer.Feature{
	{Product: "EPAQSTD", Service: "CUP", Options: []string{"SIGN", "NONEIGHBOUR"}},
	{Product: "EPAQPLS", Service: "CUP", Options: []string{"SIGN", "INS"}},
	{Product: "EPAQPLS", Service: "CPP", Options: []string{"SIGN", "INS"}},
	{Product: "EPAQSCT", Service: "CPP", Options: []string{"SIGN", "INS"}},
}

func setup(t *testing.T) fixture {
	t.Helper()
	customers := memory.NewCustomers(map[int64]string{1: "Frankfurt Hub"}, 1)
	mk := func(crmid string) customer.Customer {
		c := storetest.Full(1, crmid)
		c.APIClient = customer.ClientShipping
		c.LabelType = customer.LabelPDF
		c.AvailableFeatures = features
		c.EORICountryThresholds = nil
		saved, err := customers.Create(ctx, c)
		if err != nil {
			t.Fatal(err)
		}
		return saved
	}
	mine, other := mk("DE10000001"), mk("DE10000002")
	batchStore := memory.NewBatchStore()
	store := batchStore.Batches
	q := &memory.JobQueue{}
	r := &renderer{}
	svc := batches.Service{
		Batches: store, Rows: store, Shipments: store, Documents: store, Exchanges: store,
		Customers: customers, Hubs: memory.HubCountries{1: "DE"}, Catalogs: memory.NewCatalog(reference.Standard()),
		Queue: q, Merge: merge, Invoices: r,
		Now: func() time.Time { return time.Date(2026, 6, 1, 9, 30, 0, 0, time.UTC) },
	}
	return fixture{
		svc: svc, store: store, work: batchStore.Work, queue: q, invoices: r, mine: mine, other: other,
		admin:    &access.Caller{Login: "admin", Roles: []access.Role{access.Admin}},
		user:     &access.Caller{Login: "user", Roles: []access.Role{access.User}, CustomerID: mine.ID},
		ops:      &access.Caller{Login: "ops", Roles: []access.Role{access.Operations}},
		stranger: &access.Caller{Login: "stranger", Roles: []access.Role{access.User}, CustomerID: other.ID},
	}
}

// upload stores a file for the user's customer.
func (f fixture) upload(t *testing.T, csv []byte) batches.View {
	t.Helper()
	v, err := f.svc.Create(ctx, f.user, batches.Upload{CustomerID: f.mine.ID, FileName: "orders.csv", CSV: csv})
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// uploadRows uploads a batch of n valid rows and answers it with its rows.
func (f fixture) uploadRows(t *testing.T, n int) (batches.View, []batch.ValidatedShipment) {
	t.Helper()
	v := f.upload(t, generated(t, n, noEdit))
	rows, err := f.svc.ListValidatedShipments(ctx, f.user, v.ID, false)
	if err != nil {
		t.Fatal(err)
	}
	return v, rows
}

// force puts the batch into a status, as a job would.
func (f fixture) force(t *testing.T, id int64, s batch.Status) {
	t.Helper()
	if _, err := f.store.Update(ctx, id, func(b *batch.Batch) error { b.Status = s; return nil }); err != nil {
		t.Fatal(err)
	}
}

func (f fixture) status(t *testing.T, id int64) batch.Status {
	t.Helper()
	b, err := f.store.Get(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	return b.Status
}

// generated returns a batch file of n valid rows (batchcsvtest) after edit
// has changed cells: edit(row, column) answers the new value, or ok false
// to keep the cell. Rows count from 1.
func generated(t *testing.T, n int, edit func(row int, column string) (string, bool), extra ...string) []byte {
	t.Helper()
	return batchcsvtest.Edit(t, batchcsvtest.Generate(n), edit, extra...)
}

func noEdit(int, string) (string, bool) { return "", false }

// mixedFile has four rows; the second has a postal code that does not fit
// its country and the third has no city.
func mixedFile(t *testing.T) []byte {
	return generated(t, 4, func(row int, column string) (string, bool) {
		switch {
		case row == 2 && column == "postalcode":
			return "1", true
		case row == 3 && column == "city":
			return "", true
		}
		return "", false
	})
}

// invoiceFile has three valid rows; the second (to CH) names an invoice
// with DDP charges.
func invoiceFile(t *testing.T) []byte {
	invoice := map[string]string{"invoiceNumber": "INV-1", "poNumber": "PO-9", "incoterm": "DDP",
		"reasonOfExport": "SALE_OF_GOODS_PERMANENT", "freightPostage": "12,00", "duty": "3,20", "vat": "5,10"}
	return generated(t, 3, func(row int, column string) (string, bool) {
		v, ok := invoice[column]
		return v, ok && row == 2
	}, "invoiceNumber", "poNumber", "incoterm", "reasonOfExport", "freightPostage", "duty", "vat")
}
