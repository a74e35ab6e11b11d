package batchjob_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"strings"
	"testing"
	"time"

	"parcelportal/adapters/memory"
	"parcelportal/app/batchjob"
	"parcelportal/core/batch"
	"parcelportal/core/carrier"
	"parcelportal/core/customer"
	"parcelportal/core/shipment"
)

var ctx = context.Background()

type rig struct {
	work      *memory.BatchWork
	customers *memory.Customers
	carrier   *fakeCarrier
	runner    *batchjob.Runner
	customer  int64
}

func newRig(t *testing.T, opt batchjob.Options) *rig {
	t.Helper()
	customers, c := shop(t, "DE100", "api-user")
	if opt.Backoff == 0 {
		opt.Backoff = time.Millisecond
	}
	if opt.Poll == 0 {
		opt.Poll = 2 * time.Millisecond
	}
	opt.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	opt.Now = func() time.Time { return time.Date(2026, 6, 1, 10, 0, 0, 0, time.UTC) }
	g := &rig{work: memory.NewBatchStore().Work, customers: customers, carrier: newFakeCarrier(), customer: c.ID}
	g.runner = batchjob.NewRunner(batchjob.PortsOf(g.work), customers, g.carrier, opt)
	return g
}

// shop is a customer store holding one customer, "Shop", with a carrier
// login of its own.
func shop(t *testing.T, crmid, apiUser string) (*memory.Customers, customer.Customer) {
	t.Helper()
	customers := memory.NewCustomers(map[int64]string{1: "Frankfurt"}, 1)
	c := customer.New(1)
	c.Name, c.CRMID, c.APIUsername, c.Credentials.APIPassword = "Shop", crmid, apiUser, "secret"
	c, err := customers.Create(ctx, c)
	if err != nil {
		t.Fatal(err)
	}
	return customers, c
}

// rows are n valid rows named r1, r2, ...
func rows(n int) []memory.RowRecord {
	out := make([]memory.RowRecord, n)
	for i := range out {
		out[i] = memory.RowRecord{Valid: true, Draft: shipment.Draft{Fields: map[string]string{
			"name": fmt.Sprintf("r%d", i+1), "postalcode": "10115", "isoCountry": "DE"}}}
	}
	return out
}

func (g *rig) batch(status batch.Status, rs []memory.RowRecord) int64 {
	return g.work.AddBatch(memory.BatchRecord{CustomerID: g.customer, HubCountry: "DE", Status: status, LabelType: "PDF"}, rs)
}

func (g *rig) run(t *testing.T, j batchjob.Job) {
	t.Helper()
	if err := g.runner.Run(ctx, j); err != nil {
		t.Fatalf("run %v: %v", j, err)
	}
}

// sentWithRefusal sends a batch of n rows of which the carrier refuses
// row refused (an invalid postal code); it answers the batch id.
func (g *rig) sentWithRefusal(t *testing.T, n, refused int) int64 {
	t.Helper()
	id := g.batch(batch.Sending, rows(n))
	g.carrier.refuse[batchjob.Reference(id, refused, 1)] = "invalid postal code"
	g.run(t, batchjob.Job{Kind: batchjob.Send, BatchID: id})
	return id
}

func (g *rig) dump(id int64) (memory.BatchRecord, []memory.ShipmentRecord, []memory.ExchangeRecord) {
	b, _, s, e := g.work.Dump(id)
	return b, s, e
}

// ended reads the batch a job ended, failing the test unless it ended in
// status with the message key, and answers its shipments.
func (g *rig) ended(t *testing.T, id int64, status batch.Status, key string) []memory.ShipmentRecord {
	t.Helper()
	b, ships, _ := g.dump(id)
	if b.Status != status || b.ErrorMessage != key {
		t.Fatalf("batch %s %q", b.Status, b.ErrorMessage)
	}
	return ships
}

// oneLabelEach checks that the carrier made exactly one label per reference
// the shipments hold, and that each shipment holds that label.
func (g *rig) oneLabelEach(t *testing.T, ships []memory.ShipmentRecord) {
	t.Helper()
	for _, s := range ships {
		if s.State != shipment.Done {
			continue
		}
		if n := g.carrier.count(func(f *fakeCarrier) int { return f.made[s.Reference] }); n != 1 {
			t.Errorf("%s: %d labels made, want 1", s.Reference, n)
		}
		want := g.carrier.count(func(f *fakeCarrier) int { return len(f.labels[s.Reference].Identifier) })
		if want == 0 || s.Identifier == "" || string(s.Label) != "%PDF label "+s.Reference {
			t.Errorf("%s holds %q / %q", s.Reference, s.Identifier, s.Label)
		}
	}
}

func TestSendLabelsEveryValidRow(t *testing.T) {
	g := newRig(t, batchjob.Options{})
	rs := rows(6)
	rs[3].Valid = false
	id := g.batch(batch.Sending, rs)
	g.run(t, batchjob.Job{Kind: batchjob.Send, BatchID: id})

	b, ships, ex := g.dump(id)
	if b.Status != batch.Sent || b.ErrorMessage != "" || b.PreparedFor != "" {
		t.Fatalf("batch %s %q prepared for %q, want SENT", b.Status, b.ErrorMessage, b.PreparedFor)
	}
	if b.Processed != 5 || b.Total != 5 {
		t.Errorf("progress %d of %d, want 5 of 5", b.Processed, b.Total)
	}
	if len(ships) != 5 {
		t.Fatalf("%d shipments, want 5 (the invalid row stays behind)", len(ships))
	}
	for _, s := range ships {
		if s.Position == 4 {
			t.Error("the invalid row was sent")
		}
		if s.Reference != batchjob.Reference(id, s.Position, 1) || !s.Success || s.LabelType != "PDF" || s.ContentType != "application/pdf" {
			t.Errorf("shipment %+v", s)
		}
		if s.SubmittedAt.IsZero() || !strings.Contains(s.Traffic.Request, "ref="+s.Reference) || !strings.Contains(s.Traffic.Request, "hub=DE") ||
			!strings.Contains(s.Traffic.Request, fmt.Sprintf("name=r%d", s.Position)) || string(s.CustomsDoc) == "" {
			t.Errorf("shipment %d lacks what the carrier sent: %+v", s.Position, s)
		}
	}
	g.oneLabelEach(t, ships)
	if len(ex) != 5 || ex[0].Operation != batchjob.OpAddAndPrint || ex[0].ShipmentID == 0 {
		t.Errorf("exchanges %+v, want one addAndPrint per shipment", ex)
	}
}

func TestSendResumesSubmittingWithoutASecondLabel(t *testing.T) {
	g := newRig(t, batchjob.Options{})
	// A worker prepared the send, wrote SUBMITTING for rows 1 and 2, the
	// carrier labelled row 1, and the worker died.
	id, open := g.diedSubmitting(t, 4, 2)
	if _, err := g.carrier.AddAndPrint(ctx, credentials(), requestFor(open[0])); err != nil {
		t.Fatal(err)
	}

	g.run(t, batchjob.Job{Kind: batchjob.Send, BatchID: id})
	b, ships, ex := g.dump(id)
	if b.Status != batch.Sent || len(ships) != 4 {
		t.Fatalf("batch %s with %d shipments", b.Status, len(ships))
	}
	g.oneLabelEach(t, ships)
	if ships[0].Traffic.Request != "<find "+ships[0].Reference+"/>" {
		t.Errorf("row 1 shows %q, want the find that recovered its label", ships[0].Traffic.Request)
	}
	finds := 0
	for _, e := range ex {
		if e.Operation == batchjob.OpFind {
			finds++
		}
	}
	if finds != 2 {
		t.Errorf("%d finds, want one per SUBMITTING shipment", finds)
	}
	if b.Processed != 4 || b.Total != 4 {
		t.Errorf("progress %d of %d", b.Processed, b.Total)
	}
}

func TestSendKeepsCarrierFaultsPerShipment(t *testing.T) {
	g := newRig(t, batchjob.Options{})
	id := g.sentWithRefusal(t, 3, 2)

	b, ships, _ := g.dump(id)
	if b.Status != batch.Sent {
		t.Fatalf("status %s: a batch with some faults still ends SENT", b.Status)
	}
	s := ships[1]
	// The carrier's English text stays in the traffic; the shipment names a
	// message key with the refused field and value, for every language.
	if s.State != shipment.Failed || s.Success || s.ErrorMessage != carrier.KeyFaultInvalidPostalCode ||
		!maps.Equal(s.ErrorParams, map[string]string{"field": "postalcode", "value": "10115"}) ||
		!strings.Contains(s.Traffic.Response, "invalid postal code") {
		t.Errorf("faulted shipment %+v", s)
	}
	if ships[0].State != shipment.Done || ships[2].State != shipment.Done {
		t.Error("the other shipments were not labelled")
	}
	if b.Processed != 3 {
		t.Errorf("processed %d, want 3", b.Processed)
	}
}

func TestSendWithNothingLabelledFails(t *testing.T) {
	g := newRig(t, batchjob.Options{})
	id := g.batch(batch.Sending, rows(2))
	for p := 1; p <= 2; p++ {
		g.carrier.refuse[batchjob.Reference(id, p, 1)] = "invalid postal code"
	}
	g.run(t, batchjob.Job{Kind: batchjob.Send, BatchID: id})
	if b, _, _ := g.dump(id); b.Status != batch.ErrorSend || b.ErrorMessage != batchjob.KeyNothingSent {
		t.Fatalf("batch %s %q, want ERROR_SEND %s", b.Status, b.ErrorMessage, batchjob.KeyNothingSent)
	}
}

func TestSendWithRefusedLoginStops(t *testing.T) {
	g := newRig(t, batchjob.Options{Concurrency: 2})
	g.carrier.user = "someone-else"
	id := g.batch(batch.Sending, rows(40))
	g.run(t, batchjob.Job{Kind: batchjob.Send, BatchID: id})
	b, ships, _ := g.dump(id)
	if b.Status != batch.ErrorSend || b.ErrorMessage != batchjob.KeyCredentialsRefused || b.Processed != 40 {
		t.Fatalf("batch %s %q processed %d", b.Status, b.ErrorMessage, b.Processed)
	}
	tried := 0
	for _, s := range ships {
		switch {
		case s.State != shipment.Failed:
			t.Errorf("shipment %d %s", s.Position, s.State)
		case s.ErrorMessage != batchjob.KeyCredentialsRefused:
			t.Errorf("shipment %d: %q", s.Position, s.ErrorMessage)
		case strings.Contains(s.Traffic.Response, "login refused"):
			tried++
		}
	}
	if calls := g.carrier.count(func(f *fakeCarrier) int { return f.calls["addAndPrint"] }); tried == 0 || calls > 8 {
		t.Errorf("%d shipments tried with %d calls: the send must stop at the refusal", tried, calls)
	}
}

func TestSendWithoutCredentialsFailsAtOnce(t *testing.T) {
	g := newRig(t, batchjob.Options{})
	if _, err := g.customers.Update(ctx, g.customer, func(c *customer.Customer) error {
		c.Credentials.APIPassword = ""
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	id := g.batch(batch.Sending, rows(2))
	g.run(t, batchjob.Job{Kind: batchjob.Send, BatchID: id})
	ships := g.ended(t, id, batch.ErrorSend, batchjob.KeyNoCredentials)
	if ships[0].State != shipment.Failed || ships[0].ErrorMessage != batchjob.KeyNoCredentials {
		t.Errorf("shipment %+v", ships[0])
	}
	if n := g.carrier.count(func(f *fakeCarrier) int { return len(f.calls) }); n != 0 {
		t.Errorf("the carrier was called %d times", n)
	}
}

func TestA1CustomerSendsWithItsKey(t *testing.T) {
	g := newRig(t, batchjob.Options{})
	if _, err := g.customers.Update(ctx, g.customer, func(c *customer.Customer) error {
		c.APIClient, c.APIUsername, c.Credentials.APIPassword, c.Credentials.A1APIKey = customer.ClientA1, "", "", "a1-key"
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	g.carrier.user, g.carrier.key = "", "a1-key" // the A1 key carries no user name
	id := g.batch(batch.Sending, rows(1))
	g.run(t, batchjob.Job{Kind: batchjob.Send, BatchID: id})
	if b, _, _ := g.dump(id); b.Status != batch.Sent {
		t.Fatalf("status %s %q", b.Status, b.ErrorMessage)
	}
}

func TestUnansweredCallsAreRetried(t *testing.T) {
	g := newRig(t, batchjob.Options{Concurrency: 1, Tries: 4})
	id := g.batch(batch.Sending, rows(2))
	g.carrier.away = 2
	g.carrier.lose[batchjob.Reference(id, 2, 1)] = 1
	g.run(t, batchjob.Job{Kind: batchjob.Send, BatchID: id})

	b, ships, _ := g.dump(id)
	if b.Status != batch.Sent {
		t.Fatalf("status %s", b.Status)
	}
	for _, s := range ships {
		if s.State != shipment.Done {
			t.Errorf("shipment %d %s %q", s.Position, s.State, s.ErrorMessage)
		}
	}
	// Row 2's label was made but its answer lost: the retry found it.
	g.oneLabelEach(t, ships)
}

func TestCarrierAwayFailsShipmentsAfterRetries(t *testing.T) {
	g := newRig(t, batchjob.Options{Tries: 3})
	id := g.batch(batch.Sending, rows(2))
	g.carrier.away = 1000
	g.run(t, batchjob.Job{Kind: batchjob.Send, BatchID: id})

	ships := g.ended(t, id, batch.ErrorSend, batchjob.KeyCarrierUnavailable)
	for _, s := range ships {
		if s.State != shipment.Failed || s.ErrorMessage != batchjob.KeyCarrierUnavailable {
			t.Errorf("shipment %+v", s)
		}
	}
	if n := g.carrier.count(func(f *fakeCarrier) int { return f.calls["addAndPrint"] + f.calls["find"] }); n != 2*3 {
		t.Errorf("%d calls, want 3 tries per shipment", n)
	}
}

func TestConcurrencyIsBounded(t *testing.T) {
	g := newRig(t, batchjob.Options{Concurrency: 3})
	g.carrier.latency = 5 * time.Millisecond
	first := g.batch(batch.Sending, rows(20))
	second := g.batch(batch.Sending, rows(20))
	done := make(chan error, 2)
	for _, id := range []int64{first, second} {
		go func() { done <- g.runner.Run(ctx, batchjob.Job{Kind: batchjob.Send, BatchID: id}) }()
	}
	for range 2 {
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
	peak := g.carrier.count(func(f *fakeCarrier) int { return f.maxInflight })
	if peak > 3 || peak < 2 {
		t.Fatalf("peak of %d calls in flight across two batches, want at most 3 (and some parallelism)", peak)
	}
}

func TestCancelStopsTheSendAndVoidsItsLabels(t *testing.T) {
	g := newRig(t, batchjob.Options{Concurrency: 2})
	g.carrier.latency = 2 * time.Millisecond
	id := g.batch(batch.Sending, rows(40))
	labels := 0
	g.carrier.onLabel = func(string) {
		labels++
		if labels == 6 {
			g.work.SetStatus(id, batch.Cancelling, batch.FilterAll)
		}
	}
	g.run(t, batchjob.Job{Kind: batchjob.Send, BatchID: id})

	b, ships, _ := g.dump(id)
	if b.Status != batch.Cancelling {
		t.Fatalf("status %s: the send must leave the batch to the cancel job", b.Status)
	}
	pending := 0
	for _, s := range ships {
		if s.State == shipment.Pending {
			pending++
		}
	}
	if pending < 20 {
		t.Fatalf("only %d shipments left pending: the send did not stop", pending)
	}

	g.run(t, batchjob.Job{Kind: batchjob.Cancel, BatchID: id})
	b, ships, _ = g.dump(id)
	if b.Status != batch.Cancelled {
		t.Fatalf("status %s %q", b.Status, b.ErrorMessage)
	}
	for _, s := range ships {
		if s.State != shipment.Cancelled {
			t.Errorf("shipment %d %s", s.Position, s.State)
		}
		if s.Identifier != "" && g.carrier.count(func(f *fakeCarrier) int { return f.voided[s.Identifier] }) != 1 {
			t.Errorf("label %s of shipment %d not cancelled once", s.Identifier, s.Position)
		}
	}
	if b.Processed != b.Total || b.Total != len(ships) {
		t.Errorf("progress %d of %d for %d shipments", b.Processed, b.Total, len(ships))
	}
}

func TestCancelFindsTheLabelOfASubmittingShipment(t *testing.T) {
	g := newRig(t, batchjob.Options{})
	id, open := g.diedSubmitting(t, 2, 2)
	l, err := g.carrier.AddAndPrint(ctx, credentials(), requestFor(open[0]))
	if err != nil {
		t.Fatal(err)
	}
	g.work.SetStatus(id, batch.Cancelling, batch.FilterAll)
	g.run(t, batchjob.Job{Kind: batchjob.Cancel, BatchID: id})
	if n := g.carrier.count(func(f *fakeCarrier) int { return f.voided[l.Identifier] }); n != 1 {
		t.Errorf("the label made before the crash was cancelled %d times", n)
	}
	if b, ships, _ := g.dump(id); b.Status != batch.Cancelled || ships[1].State != shipment.Cancelled {
		t.Errorf("batch %s, shipment %s", b.Status, ships[1].State)
	}
}

func TestRefusedCancelFailsTheJob(t *testing.T) {
	g := newRig(t, batchjob.Options{})
	id := g.sent(t, 2)
	g.carrier.refuseCancel = true
	g.work.SetStatus(id, batch.Cancelling, batch.FilterAll)
	g.run(t, batchjob.Job{Kind: batchjob.Cancel, BatchID: id})
	ships := g.ended(t, id, batch.ErrorSend, batchjob.KeyVoidIncomplete)
	if ships[0].State != shipment.Done || ships[0].ErrorMessage != carrier.KeyFaultAlreadyManifested {
		t.Errorf("shipment %+v", ships[0])
	}
}

// runOnChanged sends three rows, marks the shipment at position changed and
// runs the job of kind in status over the changed shipments; it answers the
// batch and its shipments as they were before the job.
func (g *rig) runOnChanged(t *testing.T, position int, status batch.Status, kind batchjob.Kind) (int64, []memory.ShipmentRecord) {
	t.Helper()
	id := g.sent(t, 3)
	_, before, _ := g.dump(id)
	g.work.SetChanged(id, position, true)
	g.work.SetStatus(id, status, batch.FilterChanged)
	g.run(t, batchjob.Job{Kind: kind, BatchID: id})
	return id, before
}

// diedSubmitting is a send of n rows that a worker prepared and left with
// its first k shipments SUBMITTING, as a worker that died mid-send leaves it.
func (g *rig) diedSubmitting(t *testing.T, n, k int) (int64, []batchjob.Shipment) {
	t.Helper()
	id := g.batch(batch.Sending, rows(n))
	if err := g.work.PrepareSend(ctx, id); err != nil {
		t.Fatal(err)
	}
	open, _ := g.work.Open(ctx, id)
	for _, s := range open[:k] {
		if err := g.work.Submitting(ctx, s.ID); err != nil {
			t.Fatal(err)
		}
	}
	return id, open
}

// sent returns a batch of n rows sent and SENT.
func (g *rig) sent(t *testing.T, n int) int64 {
	t.Helper()
	id := g.batch(batch.Sending, rows(n))
	g.run(t, batchjob.Job{Kind: batchjob.Send, BatchID: id})
	if b, _, _ := g.dump(id); b.Status != batch.Sent {
		t.Fatalf("send ended %s", b.Status)
	}
	return id
}

func TestResendChangedVoidsTheOldLabelFirst(t *testing.T) {
	g := newRig(t, batchjob.Options{})
	id, before := g.runOnChanged(t, 2, batch.ResendingChange, batchjob.Resend)

	b, ships, ex := g.dump(id)
	if b.Status != batch.Sent || b.Processed != 1 || b.Total != 1 {
		t.Fatalf("batch %s progress %d of %d", b.Status, b.Processed, b.Total)
	}
	s := ships[1]
	if s.Attempt != 2 || s.Reference != batchjob.Reference(id, 2, 2) || s.State != shipment.Done || s.Identifier == before[1].Identifier {
		t.Errorf("resent shipment %+v", s)
	}
	if g.carrier.count(func(f *fakeCarrier) int { return f.voided[before[1].Identifier] }) != 1 {
		t.Error("the old label was not cancelled")
	}
	if ships[0].Attempt != 1 || ships[2].Attempt != 1 || ships[0].Identifier != before[0].Identifier {
		t.Error("unchanged shipments were resent")
	}
	if _, rs, _, _ := g.work.Dump(id); rs[1].Changed {
		t.Error("the row still counts as changed")
	}
	ops := []string{}
	for _, e := range ex {
		if e.ShipmentID == s.ID {
			ops = append(ops, e.Operation)
		}
	}
	if strings.Join(ops, ",") != "addAndPrint,cancel,addAndPrint" {
		t.Errorf("exchanges of the resent shipment: %v", ops)
	}
	g.oneLabelEach(t, ships)
}

func TestResendErrorRetriesTheFailedOnes(t *testing.T) {
	g := newRig(t, batchjob.Options{})
	id := g.sentWithRefusal(t, 3, 3)
	g.work.SetStatus(id, batch.ResendingError, "")
	g.run(t, batchjob.Job{Kind: batchjob.Resend, BatchID: id})

	b, ships, _ := g.dump(id)
	if b.Status != batch.Sent || b.Total != 1 {
		t.Fatalf("batch %s total %d", b.Status, b.Total)
	}
	if ships[2].State != shipment.Done || ships[2].Attempt != 2 || ships[2].ErrorMessage != "" {
		t.Errorf("failed shipment after resend: %+v", ships[2])
	}
	if ships[0].Attempt != 1 {
		t.Error("a successful shipment was resent")
	}
}

func TestResumedResendDoesNotChooseAgain(t *testing.T) {
	g := newRig(t, batchjob.Options{})
	id := g.sent(t, 2)
	g.work.SetStatus(id, batch.Resending, batch.FilterAll)
	// The first run chose its shipments and died.
	if err := g.work.PrepareResend(ctx, id, batch.FilterAll); err != nil {
		t.Fatal(err)
	}
	g.run(t, batchjob.Job{Kind: batchjob.Resend, BatchID: id})
	g.run(t, batchjob.Job{Kind: batchjob.Resend, BatchID: id}) // a duplicate finds the batch SENT
	_, ships, _ := g.dump(id)
	for _, s := range ships {
		if s.Attempt != 2 || s.State != shipment.Done {
			t.Errorf("shipment %d attempt %d %s, want attempt 2", s.Position, s.Attempt, s.State)
		}
	}
	g.oneLabelEach(t, ships)
}

func TestDeleteChangedCancelsAndRemoves(t *testing.T) {
	g := newRig(t, batchjob.Options{})
	id, before := g.runOnChanged(t, 1, batch.Deleting, batchjob.DeleteShipment)

	b, ships, ex := g.dump(id)
	if b.Status != batch.Sent || len(ships) != 2 || ships[0].Position != 2 {
		t.Fatalf("batch %s with %d shipments", b.Status, len(ships))
	}
	if g.carrier.count(func(f *fakeCarrier) int { return f.voided[before[0].Identifier] }) != 1 {
		t.Error("the removed shipment's label was not cancelled")
	}
	if _, rs, _, _ := g.work.Dump(id); rs[0].Changed {
		t.Error("the row of the removed shipment still counts as changed")
	}
	kept := false
	for _, e := range ex {
		if e.Operation == batchjob.OpCancel && e.ShipmentID == 0 {
			kept = true
		}
	}
	if !kept {
		t.Error("the cancel exchange was not kept with the batch")
	}
}

func TestDeletingEveryShipmentMakesTheBatchCreatedAgain(t *testing.T) {
	g := newRig(t, batchjob.Options{})
	id := g.sent(t, 2)
	g.work.SetStatus(id, batch.Deleting, batch.FilterAll)
	g.run(t, batchjob.Job{Kind: batchjob.DeleteShipment, BatchID: id})
	b, ships, _ := g.dump(id)
	if b.Status != batch.Created || len(ships) != 0 {
		t.Fatalf("batch %s with %d shipments", b.Status, len(ships))
	}
	// Sent again, every row gets a label under a new reference.
	g.work.SetStatus(id, batch.Sending, batch.FilterAll)
	g.run(t, batchjob.Job{Kind: batchjob.Send, BatchID: id})
	b, ships, _ = g.dump(id)
	if b.Status != batch.Sent || len(ships) != 2 || ships[0].Attempt != 2 {
		t.Fatalf("resent batch %s with %d shipments, attempt %d", b.Status, len(ships), ships[0].Attempt)
	}
}

func TestManifest(t *testing.T) {
	g := newRig(t, batchjob.Options{})
	id := g.sentWithRefusal(t, 3, 2)
	_, ships, _ := g.dump(id)
	g.work.SetStatus(id, batch.CreatingManifest, "")
	g.run(t, batchjob.Job{Kind: batchjob.Manifest, BatchID: id})

	b, _, ex := g.dump(id)
	if b.Status != batch.ManifestCreated || b.ManifestNumber != "MF-"+batchjob.ManifestReference(id, 1) || string(b.Manifest) == "" || b.ManifestAt.IsZero() {
		t.Fatalf("batch %+v", b)
	}
	calls := g.carrier.manifest
	if len(calls) != 1 || strings.Join(calls[0].identifiers, ",") != ships[0].Identifier+","+ships[2].Identifier {
		t.Errorf("manifest calls %+v", calls)
	}
	if last := ex[len(ex)-1]; last.Operation != batchjob.OpCreateManifest || last.ShipmentID != 0 {
		t.Errorf("last exchange %+v", last)
	}

	// An admin regenerates it: the next reference.
	g.work.SetStatus(id, batch.CreatingManifest, "")
	g.run(t, batchjob.Job{Kind: batchjob.Manifest, BatchID: id})
	if b, _, _ := g.dump(id); b.ManifestNumber != "MF-"+batchjob.ManifestReference(id, 2) {
		t.Errorf("regenerated manifest %q", b.ManifestNumber)
	}
}

func TestManifestFailures(t *testing.T) {
	g := newRig(t, batchjob.Options{})
	id := g.sent(t, 1)
	g.carrier.refuseCancel = true // also refuses manifests
	g.work.SetStatus(id, batch.CreatingManifest, "")
	g.run(t, batchjob.Job{Kind: batchjob.Manifest, BatchID: id})
	// A code the portal has no key for keeps the carrier's code and text.
	if b, _, _ := g.dump(id); b.Status != batch.ErrorManifest || b.ErrorMessage != carrier.KeyFault ||
		!maps.Equal(b.ErrorParams, map[string]string{"code": "EMPTY", "message": "no parcels to manifest"}) {
		t.Errorf("batch %s %q %v", b.Status, b.ErrorMessage, b.ErrorParams)
	}

	empty := g.batch(batch.CreatingManifest, rows(1))
	g.run(t, batchjob.Job{Kind: batchjob.Manifest, BatchID: empty})
	if b, _, _ := g.dump(empty); b.Status != batch.ErrorManifest || b.ErrorMessage != batchjob.KeyNothingToManifest {
		t.Errorf("batch without labels %s %q", b.Status, b.ErrorMessage)
	}
}

func TestSendOneAndCancelOne(t *testing.T) {
	g := newRig(t, batchjob.Options{})
	id := g.sentWithRefusal(t, 2, 2)
	b, ships, _ := g.dump(id)
	processed := b.Processed

	g.run(t, batchjob.Job{Kind: batchjob.SendOne, BatchID: id, ShipmentID: ships[1].ID})
	b, after, _ := g.dump(id)
	if after[1].State != shipment.Done || after[1].Attempt != 2 || b.Status != batch.Sent || b.Processed != processed {
		t.Fatalf("after send-one: shipment %s attempt %d, batch %s processed %d", after[1].State, after[1].Attempt, b.Status, b.Processed)
	}

	g.run(t, batchjob.Job{Kind: batchjob.CancelOne, BatchID: id, ShipmentID: ships[0].ID})
	_, after, _ = g.dump(id)
	if after[0].State != shipment.Cancelled || g.carrier.count(func(f *fakeCarrier) int { return f.voided[ships[0].Identifier] }) != 1 {
		t.Errorf("after cancel-one: %+v", after[0])
	}
	g.run(t, batchjob.Job{Kind: batchjob.CancelOne, BatchID: id, ShipmentID: ships[0].ID})
	if n := g.carrier.count(func(f *fakeCarrier) int { return f.voided[ships[0].Identifier] }); n != 1 {
		t.Errorf("a second cancel-one called the carrier again (%d cancels)", n)
	}
}

func TestJobsOfAnotherStatusDoNothing(t *testing.T) {
	g := newRig(t, batchjob.Options{})
	id := g.batch(batch.Created, rows(1))
	for _, k := range []batchjob.Kind{batchjob.Send, batchjob.Resend, batchjob.Cancel, batchjob.DeleteShipment, batchjob.Manifest} {
		g.run(t, batchjob.Job{Kind: k, BatchID: id})
	}
	g.run(t, batchjob.Job{Kind: batchjob.Send, BatchID: 999})
	sent := g.sent(t, 1)
	_, ships, _ := g.dump(sent)
	g.work.SetStatus(sent, batch.CreatingManifest, "")
	g.run(t, batchjob.Job{Kind: batchjob.SendOne, BatchID: sent, ShipmentID: ships[0].ID})
	g.run(t, batchjob.Job{Kind: batchjob.CancelOne, BatchID: sent, ShipmentID: ships[0].ID})
	if _, after, _ := g.dump(sent); after[0].Attempt != 1 || after[0].State != shipment.Done {
		t.Errorf("a shipment job changed a shipment of a batch being manifested: %+v", after[0])
	}
	if b, ships, _ := g.dump(id); b.Status != batch.Created || len(ships) != 0 {
		t.Errorf("batch %s with %d shipments", b.Status, len(ships))
	}
}

func TestBusyBatch(t *testing.T) {
	g := newRig(t, batchjob.Options{})
	id := g.batch(batch.Sending, rows(1))
	release, err := g.work.Lock(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.runner.Run(ctx, batchjob.Job{Kind: batchjob.Send, BatchID: id}); !errors.Is(err, batchjob.ErrBusy) {
		t.Fatalf("run of a held batch: %v, want ErrBusy", err)
	}
	jobs, _ := g.runner.Unattended(ctx)
	if len(jobs) != 0 {
		t.Errorf("a held batch counts as unattended: %v", jobs)
	}
	release()
	jobs, _ = g.runner.Unattended(ctx)
	if len(jobs) != 1 || jobs[0] != (batchjob.Job{Kind: batchjob.Send, BatchID: id}) {
		t.Errorf("unattended %v", jobs)
	}
}

func TestStoppedSendResumes(t *testing.T) {
	g := newRig(t, batchjob.Options{Concurrency: 4})
	g.carrier.latency = 3 * time.Millisecond
	id := g.batch(batch.Sending, rows(60))
	stop, cancel := context.WithCancel(ctx)
	labels := 0
	g.carrier.onLabel = func(string) {
		if labels++; labels == 10 {
			cancel()
		}
	}
	if err := g.runner.Run(stop, batchjob.Job{Kind: batchjob.Send, BatchID: id}); !errors.Is(err, context.Canceled) {
		t.Fatalf("stopped run: %v", err)
	}
	b, ships, _ := g.dump(id)
	if b.Status != batch.Sending {
		t.Fatalf("status %s", b.Status)
	}
	for _, s := range ships {
		made := g.carrier.count(func(f *fakeCarrier) int { return f.made[s.Reference] })
		if s.State != shipment.Done && made > 0 {
			t.Errorf("shipment %d left %s with a label made: calls in flight must finish and be recorded", s.Position, s.State)
		}
	}
	g.carrier.onLabel = nil
	g.run(t, batchjob.Job{Kind: batchjob.Send, BatchID: id})
	b, ships, _ = g.dump(id)
	if b.Status != batch.Sent || b.Processed != 60 {
		t.Fatalf("batch %s processed %d", b.Status, b.Processed)
	}
	g.oneLabelEach(t, ships)
}

// withMemoryCarrier gives a runner on the in-memory batch store and the
// shared in-memory carrier, and a customer with a login at it.
func withMemoryCarrier(t *testing.T) (*memory.BatchWork, *memory.Carrier, *batchjob.Runner, customer.Customer) {
	t.Helper()
	customers, c := shop(t, "DE200", "shop")
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
