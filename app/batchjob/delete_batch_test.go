package batchjob_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"parcelportal/app/batchjob"
	"parcelportal/core/batch"
	"parcelportal/core/carrier"
	"parcelportal/core/shipment"
)

// deleting moves a sent batch to DELETING for the delete of the whole
// batch, as the Delete use case does.
func (g *rig) deleting(id int64) {
	g.work.SetStatus(id, batch.Deleting, batch.FilterBatch)
}

func TestDeleteBatchCancelsEveryLiveLabelAndKeepsTheBatch(t *testing.T) {
	g := newRig(t, batchjob.Options{})
	id := g.sentWithRefusal(t, 4, 3)
	_, before, _ := g.dump(id)
	// Row 4's label was cancelled already.
	if err := g.work.Finish(ctx, batchjob.Outcome{ShipmentID: before[3].ID, BatchID: id, State: shipment.Cancelled}); err != nil {
		t.Fatal(err)
	}
	g.deleting(id)
	g.run(t, batchjob.Job{Kind: batchjob.DeleteBatch, BatchID: id})

	b, ships, ex := g.dump(id)
	if b.Status != batch.Deleted || b.ErrorMessage != "" {
		t.Fatalf("batch %s %q, want DELETED", b.Status, b.ErrorMessage)
	}
	if b.Processed != 2 || b.Total != 2 {
		t.Errorf("progress %d of %d, want the two live labels", b.Processed, b.Total)
	}
	if len(ships) != 4 {
		t.Fatalf("%d shipments kept, want 4", len(ships))
	}
	for _, s := range ships {
		// The refused row never had a label; it stays as it failed.
		if want := map[bool]shipment.Status{true: shipment.Failed, false: shipment.Cancelled}[s.Position == 3]; s.State != want {
			t.Errorf("shipment %d is %s, want %s", s.Position, s.State, want)
		}
	}
	for _, p := range []int{0, 1} {
		if n := g.carrier.count(func(f *fakeCarrier) int { return f.voided[before[p].Identifier] }); n != 1 {
			t.Errorf("label of row %d cancelled %d times", p+1, n)
		}
	}
	if n := g.carrier.count(func(f *fakeCarrier) int { return f.calls["cancel"] }); n != 2 {
		t.Errorf("%d cancels at the carrier, want one per live label", n)
	}
	cancels := 0
	for _, e := range ex {
		if e.Operation == batchjob.OpCancel && e.ShipmentID != 0 {
			cancels++
		}
	}
	if cancels != 2 {
		t.Errorf("%d cancel exchanges kept with the shipments, want 2", cancels)
	}
	// Run again (a duplicate job): the batch is DELETED, nothing happens.
	g.run(t, batchjob.Job{Kind: batchjob.DeleteBatch, BatchID: id})
	if n := g.carrier.count(func(f *fakeCarrier) int { return f.calls["cancel"] }); n != 2 {
		t.Errorf("a duplicate job cancelled again: %d cancels", n)
	}
}

// TestRefusedCancelKeepsTheBatchBeingDeleted: a label the carrier will not
// cancel keeps the batch, in ERROR_SEND with the reason, and the shipment
// keeps its label with the carrier's refusal as a message key.
func TestRefusedCancelKeepsTheBatchBeingDeleted(t *testing.T) {
	g := newRig(t, batchjob.Options{})
	id := g.sent(t, 2)
	g.carrier.refuseCancel = true
	g.deleting(id)
	g.run(t, batchjob.Job{Kind: batchjob.DeleteBatch, BatchID: id})
	b, ships, ex := g.dump(id)
	if b.Status != batch.ErrorSend || b.ErrorMessage != batchjob.KeyDeleteIncomplete {
		t.Fatalf("batch %s %q, want ERROR_SEND %s", b.Status, b.ErrorMessage, batchjob.KeyDeleteIncomplete)
	}
	for _, s := range ships {
		if s.State != shipment.Done || s.Label == nil || s.ErrorMessage != carrier.KeyFaultAlreadyManifested {
			t.Errorf("shipment %d %s %q", s.Position, s.State, s.ErrorMessage)
		}
	}
	refused := 0
	for _, e := range ex {
		if e.Operation == batchjob.OpCancel && e.Response == "<fault>already in a manifest</fault>" {
			refused++
		}
	}
	if refused != 2 {
		t.Errorf("%d refused cancels in the traffic, want the carrier's text kept for both", refused)
	}
}

func TestDeleteBatchWithoutCredentialsKeepsTheBatch(t *testing.T) {
	g := newRig(t, batchjob.Options{})
	id := g.sent(t, 1)
	g.carrier.user = "nobody" // the login is refused from now on
	g.deleting(id)
	g.run(t, batchjob.Job{Kind: batchjob.DeleteBatch, BatchID: id})
	b, ships, _ := g.dump(id)
	if b.Status != batch.ErrorSend || b.ErrorMessage != batchjob.KeyDeleteIncomplete || ships[0].ErrorMessage != batchjob.KeyCredentialsRefused {
		t.Errorf("batch %s %q, shipment %q", b.Status, b.ErrorMessage, ships[0].ErrorMessage)
	}
}

// TestStoppedDeleteBatchResumes: a worker stopped in the middle leaves the
// batch DELETING; the resumed job cancels only what is left.
func TestStoppedDeleteBatchResumes(t *testing.T) {
	g := newRig(t, batchjob.Options{Concurrency: 1})
	id := g.sent(t, 12)
	_, before, _ := g.dump(id)
	g.deleting(id)
	stopCtx, stop := context.WithCancel(ctx)
	cancelled := 0
	g.carrier.onCancel = func(string) {
		cancelled++
		if cancelled == 4 {
			stop()
		}
	}
	if err := g.runner.Run(stopCtx, batchjob.Job{Kind: batchjob.DeleteBatch, BatchID: id}); !errors.Is(err, context.Canceled) {
		t.Fatalf("stopped run = %v", err)
	}
	if b, _, _ := g.dump(id); b.Status != batch.Deleting {
		t.Fatalf("a stopped delete left the batch %s", b.Status)
	}
	jobs, err := g.runner.Unattended(ctx)
	if err != nil || !slices.Contains(jobs, batchjob.Job{Kind: batchjob.DeleteBatch, BatchID: id}) {
		t.Fatalf("unattended %+v, %v: the batch's delete is to be resumed", jobs, err)
	}
	g.carrier.onCancel = nil
	g.run(t, batchjob.Job{Kind: batchjob.DeleteBatch, BatchID: id})
	b, ships, _ := g.dump(id)
	if b.Status != batch.Deleted || len(ships) != 12 {
		t.Fatalf("batch %s with %d shipments", b.Status, len(ships))
	}
	for _, s := range before {
		if n := g.carrier.count(func(f *fakeCarrier) int { return f.voided[s.Identifier] }); n != 1 {
			t.Errorf("label %s cancelled %d times", s.Identifier, n)
		}
	}
}

// TestTheTwoDeletingJobs: a delete of shipments and a delete of the batch
// both run in DELETING; each acts only on its own.
func TestTheTwoDeletingJobs(t *testing.T) {
	if k, ok := batchjob.KindOf(batch.Deleting, batch.FilterBatch); !ok || k != batchjob.DeleteBatch {
		t.Errorf("DELETING with the batch filter = %s", k)
	}
	for _, f := range []batch.Filter{batch.FilterAll, batch.FilterChanged} {
		if k, ok := batchjob.KindOf(batch.Deleting, f); !ok || k != batchjob.DeleteShipment {
			t.Errorf("DELETING with %s = %s", f, k)
		}
	}
	if _, ok := batchjob.KindOf(batch.Deleted, batch.FilterBatch); ok {
		t.Error("a DELETED batch has a job")
	}

	g := newRig(t, batchjob.Options{})
	shipments := g.sent(t, 2)
	g.work.SetStatus(shipments, batch.Deleting, batch.FilterAll)
	g.run(t, batchjob.Job{Kind: batchjob.DeleteBatch, BatchID: shipments})
	whole := g.sent(t, 2)
	g.deleting(whole)
	g.run(t, batchjob.Job{Kind: batchjob.DeleteShipment, BatchID: whole})
	if n := g.carrier.count(func(f *fakeCarrier) int { return f.calls["cancel"] }); n != 0 {
		t.Fatalf("a job of the other kind cancelled %d labels", n)
	}
	jobs, _ := g.runner.Unattended(ctx)
	want := []batchjob.Job{{Kind: batchjob.DeleteShipment, BatchID: shipments}, {Kind: batchjob.DeleteBatch, BatchID: whole}}
	if !slices.Equal(jobs, want) {
		t.Errorf("unattended %+v, want %+v", jobs, want)
	}
}
