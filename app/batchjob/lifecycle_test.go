package batchjob_test

import (
	"bytes"
	"io"
	"log/slog"
	"testing"
	"time"

	"parcelportal/adapters/memory"
	"parcelportal/app/batchjob"
	"parcelportal/core/batch"
	"parcelportal/core/carrier"
	"parcelportal/core/customer"
	"parcelportal/core/shipment"
)

// withMemoryCarrier gives a runner on the in-memory batch store and the
// shared in-memory carrier, and a customer with a login at it.
func withMemoryCarrier(t *testing.T) (*memory.BatchWork, *memory.Carrier, *batchjob.Runner, customer.Customer) {
	t.Helper()
	customers := memory.NewCustomers(map[int64]string{1: "Frankfurt"}, 1)
	c := customer.New(1)
	c.Name, c.CRMID, c.APIUsername, c.Credentials.APIPassword = "Shop", "DE200", "shop", "secret"
	c, err := customers.Create(ctx, c)
	if err != nil {
		t.Fatal(err)
	}
	work := memory.NewBatchStore().Work
	cr := memory.NewCarrier()
	r := batchjob.NewRunner(batchjob.PortsOf(work), customers, cr, batchjob.Options{Backoff: time.Millisecond, Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	return work, cr, r, c
}

// TestLifeCycleWithTheMemoryCarrier takes a batch through send, resend,
// cancel of one shipment and manifest against the shared in-memory carrier,
// which renders real labels and refuses what the real one refuses.
func TestLifeCycleWithTheMemoryCarrier(t *testing.T) {
	work, cr, r, c := withMemoryCarrier(t)

	rs := rows(5)
	for i := range rs {
		rs[i].Draft.Fields["city"], rs[i].Draft.Fields["product"] = "Berlin", "EPAQSTD"
	}
	rs[2].Draft.Fields["postalcode"] = "00000"
	cr.FaultOn("postalcode", "00000", "InvalidPostalCode")
	cr.Unavailable(2)
	cr.LoseAnswers(1)
	id := work.AddBatch(memory.BatchRecord{CustomerID: c.ID, HubCountry: "DE", Status: batch.Sending, LabelType: "PDF"}, rs)
	run := func(j batchjob.Job) {
		t.Helper()
		if err := r.Run(ctx, j); err != nil {
			t.Fatal(err)
		}
	}
	run(batchjob.Job{Kind: batchjob.Send, BatchID: id})
	b, _, ships, _ := work.Dump(id)
	if b.Status != batch.Sent || ships[2].State != shipment.Failed || ships[2].ErrorMessage == "" {
		t.Fatalf("after send: %s, row 3 %s %q", b.Status, ships[2].State, ships[2].ErrorMessage)
	}
	for _, s := range ships {
		if s.State == shipment.Done && (!bytes.HasPrefix(s.Label, []byte("%PDF")) || cr.Issued(s.Reference) != 1) {
			t.Errorf("row %d: label %.8q, %d issued", s.Position, s.Label, cr.Issued(s.Reference))
		}
	}

	// The refused row is fixed and resent; row 1 is cancelled.
	work.SetStatus(id, batch.ResendingError, batch.FilterError)
	rs[2].Draft.Fields["postalcode"] = "10115"
	work.SetDraft(id, 3, rs[2].Draft)
	run(batchjob.Job{Kind: batchjob.Resend, BatchID: id})
	run(batchjob.Job{Kind: batchjob.CancelOne, BatchID: id, ShipmentID: ships[0].ID})
	work.SetStatus(id, batch.CreatingManifest, "")
	run(batchjob.Job{Kind: batchjob.Manifest, BatchID: id})

	b, _, ships, _ = work.Dump(id)
	if b.Status != batch.ManifestCreated || !bytes.HasPrefix(b.Manifest, []byte("%PDF")) || b.ManifestNumber == "" {
		t.Fatalf("after manifest: %s %q %.8q (%s)", b.Status, b.ManifestNumber, b.Manifest, b.ErrorMessage)
	}
	if ships[0].State != shipment.Cancelled || ships[2].State != shipment.Done || ships[2].Attempt != 2 {
		t.Errorf("row 1 %s, row 3 %s attempt %d", ships[0].State, ships[2].State, ships[2].Attempt)
	}
	for ref, n := range cr.IssuedAll() {
		if n != 1 {
			t.Errorf("%s labelled %d times", ref, n)
		}
	}
}

// TestCancelOfALabelAlreadyVoidAtTheCarrier: a worker that died after the
// carrier cancelled a label, but before the portal wrote it down, cancels it
// again on resume; the carrier answers a second cancel like the first (the
// carrier contract says so), so the job settles CANCELLED.
func TestCancelOfALabelAlreadyVoidAtTheCarrier(t *testing.T) {
	work, cr, r, c := withMemoryCarrier(t)
	rs := rows(3)
	for i := range rs {
		rs[i].Draft.Fields["city"], rs[i].Draft.Fields["product"] = "Berlin", "EPAQSTD"
	}
	id := work.AddBatch(memory.BatchRecord{CustomerID: c.ID, HubCountry: "DE", Status: batch.Sending, LabelType: "PDF"}, rs)
	if err := r.Run(ctx, batchjob.Job{Kind: batchjob.Send, BatchID: id}); err != nil {
		t.Fatal(err)
	}
	_, _, ships, _ := work.Dump(id)
	if _, err := cr.Cancel(ctx, carrier.Credentials{APIClient: c.APIClient, Username: "shop", Password: "secret", CustomerCRMID: c.CRMID}, ships[1].Identifier); err != nil {
		t.Fatal(err)
	}
	work.SetStatus(id, batch.Cancelling, batch.FilterAll)
	if err := r.Run(ctx, batchjob.Job{Kind: batchjob.Cancel, BatchID: id}); err != nil {
		t.Fatal(err)
	}
	b, _, ships, _ := work.Dump(id)
	if b.Status != batch.Cancelled || b.ErrorMessage != "" {
		t.Fatalf("batch %s %q", b.Status, b.ErrorMessage)
	}
	for _, s := range ships {
		if s.State != shipment.Cancelled {
			t.Errorf("row %d %s %q", s.Position, s.State, s.ErrorMessage)
		}
	}
}
