package storetest

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"testing"
	"time"

	"parcelportal/app/batchjob"
	"parcelportal/core/batch"
	"parcelportal/core/carrier"
	"parcelportal/core/failure"
	"parcelportal/core/shipment"
)

// JobRow is a grid row to seed.
type JobRow struct {
	Valid bool
	Draft shipment.Draft
}

// Stored is a shipment with every column a job writes.
type Stored struct {
	ID                int64
	Position, Attempt int
	Reference         string
	State             shipment.Status
	Success           bool
	ErrorMessage      string
	ErrorParams       map[string]string
	Identifier        string
	Label             []byte
	ContentType       string
	LabelType         string
	CustomsDoc        []byte
	Traffic           carrier.Traffic
	SubmittedAt       time.Time
	ReceiverName      string
	Destination       string
}

// KeptExchange is a kept exchange; ShipmentID 0 is the batch's own.
type KeptExchange struct {
	ShipmentID int64
	batchjob.Exchange
}

// Snapshot is what is kept of a batch.
type Snapshot struct {
	Status         batch.Status
	ErrorMessage   string
	ErrorParams    map[string]string
	Processed      int
	Total          int
	Manifest       []byte
	ManifestNumber string
	ManifestAt     time.Time
	// Changed holds the rows' flags by position - 1.
	Changed   []bool
	Shipments []Stored
	Exchanges []KeptExchange
}

// WorkFixture seeds and reads a Work implementation.
type WorkFixture struct {
	Work WorkStore
	// HubCountry is the country NewBatch's customer ships from.
	HubCountry string
	// NewBatch stores a batch in a status with rows at positions 1, 2, ...
	NewBatch func(t *testing.T, s batch.Status, rows []JobRow) int64
	// SetStatus moves a batch as the batch use cases do.
	SetStatus func(t *testing.T, batchID int64, s batch.Status, f batch.Filter)
	// SetChanged flags a row as edited after labelling.
	SetChanged func(t *testing.T, batchID int64, position int)
	Snapshot   func(t *testing.T, batchID int64) Snapshot
}

// JobRows are n valid rows with a name, a country and an order line.
func JobRows(n int) []JobRow {
	out := make([]JobRow, n)
	for i := range out {
		out[i] = JobRow{Valid: true, Draft: shipment.Draft{
			Fields:     map[string]string{"name": fmt.Sprintf("Receiver %d", i+1), "isoCountry": "NL", "referencenumber": fmt.Sprintf("ORD-%d", i+1)},
			OrderLines: []map[string]string{{"articleNumber": "A1", "quantity": "2"}},
		}}
	}
	return out
}

// WorkStore is the batch store as the job runner sees it: every port of
// batchjob.Ports, which one adapter serves.
type WorkStore interface {
	batchjob.Jobs
	batchjob.Preparing
	batchjob.Labelling
	batchjob.Voiding
	batchjob.Manifesting
}

// WorkContract checks the promises of the runner's ports (batchjob.Jobs,
// Preparing, Labelling, Voiding, Manifesting).
func WorkContract(t *testing.T, newFixture func(t *testing.T) WorkFixture) {
	t.Run("locks", func(t *testing.T) { locks(t, newFixture(t)) })
	t.Run("batch", func(t *testing.T) { reads(t, newFixture(t)) })
	t.Run("send", func(t *testing.T) { send(t, newFixture(t)) })
	t.Run("resend", func(t *testing.T) { resend(t, newFixture(t)) })
	t.Run("one", func(t *testing.T) { one(t, newFixture(t)) })
	t.Run("void", func(t *testing.T) { void(t, newFixture(t)) })
	t.Run("manifest", func(t *testing.T) { manifest(t, newFixture(t)) })
	t.Run("error parameters", func(t *testing.T) { errorParams(t, newFixture(t)) })
	t.Run("delete of the batch", func(t *testing.T) { deleteBatch(t, newFixture(t)) })
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func locks(t *testing.T, f WorkFixture) {
	w := f.Work
	a := f.NewBatch(t, batch.Sending, JobRows(1))
	b := f.NewBatch(t, batch.Deleting, JobRows(1))
	f.NewBatch(t, batch.Sent, JobRows(1))
	release, err := w.Lock(ctx, a)
	must(t, err)
	if _, err := w.Lock(ctx, a); !errors.Is(err, batchjob.ErrBusy) {
		t.Fatalf("second lock: %v, want ErrBusy", err)
	}
	other, err := w.Lock(ctx, b)
	must(t, err)
	other()
	idle, err := w.Idle(ctx)
	must(t, err)
	if len(idle) != 1 || idle[0].ID != b || idle[0].Status != batch.Deleting {
		t.Fatalf("idle %+v, want only the unheld batch in a job's status", idle)
	}
	release()
	again, err := w.Lock(ctx, a)
	must(t, err)
	again()
	idle, err = w.Idle(ctx)
	must(t, err)
	if len(idle) != 2 {
		t.Fatalf("idle after release %+v", idle)
	}
	// Idle lets go of the locks it tries.
	r, err := w.Lock(ctx, a)
	must(t, err)
	r()
}

func notFound(err error) bool {
	var f *failure.Error
	return errors.As(err, &f) && f.Kind == failure.NotFound
}

func reads(t *testing.T, f WorkFixture) {
	w := f.Work
	id := f.NewBatch(t, batch.Sending, JobRows(1))
	b, err := w.Batch(ctx, id)
	must(t, err)
	if b.ID != id || b.CustomerID == 0 || b.Status != batch.Sending || b.LabelType != carrier.LabelPDF || b.Prepared || b.HubCountry != f.HubCountry || b.Manifests != 0 {
		t.Errorf("batch %+v", b)
	}
	f.SetStatus(t, id, batch.Resending, batch.FilterChanged)
	if b, _ := w.Batch(ctx, id); b.Status != batch.Resending || b.Filter != batch.FilterChanged {
		t.Errorf("batch after a status change %+v", b)
	}
	if s, err := w.Status(ctx, id); err != nil || s != batch.Resending {
		t.Errorf("status %s %v", s, err)
	}
	if _, err := w.Batch(ctx, id+1000); !notFound(err) {
		t.Errorf("unknown batch: %v", err)
	}
	if _, err := w.Status(ctx, id+1000); !notFound(err) {
		t.Errorf("status of an unknown batch: %v", err)
	}
}

func send(t *testing.T, f WorkFixture) {
	w := f.Work
	rows := JobRows(4)
	rows[2].Valid = false
	id := f.NewBatch(t, batch.Sending, rows)
	must(t, w.PrepareSend(ctx, id))
	must(t, w.PrepareSend(ctx, id)) // a second run makes nothing more
	open, err := w.Open(ctx, id)
	must(t, err)
	if len(open) != 3 || open[0].Position != 1 || open[2].Position != 4 {
		t.Fatalf("open %+v, want the three valid rows", open)
	}
	for _, s := range open {
		if s.Reference != batchjob.Reference(id, s.Position, 1) || s.Attempt != 1 || s.Status() != shipment.Pending || s.BatchID != id {
			t.Errorf("new shipment %+v", s)
		}
	}
	if d := open[1].Draft; d.Fields["name"] != "Receiver 2" || len(d.OrderLines) != 1 || d.OrderLines[0]["quantity"] != "2" {
		t.Errorf("draft %+v", d)
	}
	b, _ := w.Batch(ctx, id)
	snap := f.Snapshot(t, id)
	if !b.Prepared || snap.Total != 3 || snap.Processed != 0 {
		t.Errorf("prepared %v, progress %d of %d", b.Prepared, snap.Processed, snap.Total)
	}
	if snap.Shipments[0].ReceiverName != "Receiver 1" || snap.Shipments[0].Destination != "NL" {
		t.Errorf("list columns %+v", snap.Shipments[0])
	}

	must(t, w.Submitting(ctx, open[0].ID))
	open, _ = w.Open(ctx, id)
	if open[0].Status() != shipment.Submitting {
		t.Errorf("state %s after Submitting", open[0].Status())
	}
	at := time.Date(2026, 6, 1, 10, 30, 0, 0, time.UTC)
	label := carrier.Label{Identifier: "CC1", Label: []byte("%PDF-1"), ContentType: "application/pdf", CustomsDoc: []byte("%PDF-c")}
	must(t, w.Finish(ctx, batchjob.Outcome{ShipmentID: open[0].ID, BatchID: id, State: shipment.Done, Label: label, LabelType: "PDF",
		Traffic: carrier.Traffic{Request: "req", Response: "resp"}, At: at,
		Exchanges: []batchjob.Exchange{{Operation: batchjob.OpFind, Traffic: carrier.Traffic{Request: "f1", Response: "f2"}},
			{Operation: batchjob.OpAddAndPrint, Traffic: carrier.Traffic{Request: "req", Response: "resp"}}}}))
	must(t, w.Finish(ctx, batchjob.Outcome{ShipmentID: open[1].ID, BatchID: id, State: shipment.Failed, ErrorMessage: "invalid postal code",
		Traffic: carrier.Traffic{Request: "r2", Response: "fault"}, At: at}))

	snap = f.Snapshot(t, id)
	done := snap.Shipments[0]
	if done.State != shipment.Done || !done.Success || done.Identifier != "CC1" || string(done.Label) != "%PDF-1" || done.ContentType != "application/pdf" ||
		string(done.CustomsDoc) != "%PDF-c" || done.LabelType != "PDF" || done.Traffic.Request != "req" || done.Traffic.Response != "resp" || !done.SubmittedAt.Equal(at) {
		t.Errorf("done shipment %+v", done)
	}
	failed := snap.Shipments[1]
	if failed.State != shipment.Failed || failed.Success || failed.ErrorMessage != "invalid postal code" || failed.Traffic.Response != "fault" || failed.Label != nil {
		t.Errorf("failed shipment %+v", failed)
	}
	if snap.Processed != 2 {
		t.Errorf("processed %d, want 2", snap.Processed)
	}
	if len(snap.Exchanges) != 2 || snap.Exchanges[0].Operation != batchjob.OpFind || snap.Exchanges[1].Request != "req" || snap.Exchanges[0].ShipmentID != done.ID {
		t.Errorf("exchanges %+v", snap.Exchanges)
	}
	if n, _ := w.Succeeded(ctx, id); n != 1 {
		t.Errorf("succeeded %d", n)
	}
	if sel, _ := w.Selected(ctx, id, batch.FilterError); len(sel) != 1 || sel[0].ID != failed.ID {
		t.Errorf("ERROR selects %+v", sel)
	}
	if sel, _ := w.Selected(ctx, id, batch.FilterAll); len(sel) != 3 {
		t.Errorf("ALL selects %d", len(sel))
	}
	if s, ok, err := w.Get(ctx, id, done.ID); err != nil || !ok || s.Identifier() != "CC1" || s.Status() != shipment.Done || !s.Success {
		t.Errorf("get %+v %v %v", s, ok, err)
	}
	if _, ok, _ := w.Get(ctx, id+1000, done.ID); ok {
		t.Error("a shipment was found in another batch")
	}

	// Settling moves only from the expected status and ends the preparation.
	if moved, err := w.Settle(ctx, id, batch.Resending, batch.Sent, "", nil); err != nil || moved {
		t.Errorf("settle from the wrong status: %v %v", moved, err)
	}
	moved, err := w.Settle(ctx, id, batch.Sending, batch.ErrorSend, batchjob.KeyNothingSent, nil)
	must(t, err)
	b, _ = w.Batch(ctx, id)
	if snap := f.Snapshot(t, id); !moved || b.Status != batch.ErrorSend || snap.ErrorMessage != batchjob.KeyNothingSent || b.Prepared {
		t.Errorf("settled %v: %+v %q", moved, b, snap.ErrorMessage)
	}
	// A shipment finished outside a prepared job does not count.
	must(t, w.Finish(ctx, batchjob.Outcome{ShipmentID: open[2].ID, BatchID: id, State: shipment.Cancelled, At: at}))
	if snap := f.Snapshot(t, id); snap.Processed != 2 || snap.Shipments[2].State != shipment.Cancelled {
		t.Errorf("processed %d, state %s", snap.Processed, snap.Shipments[2].State)
	}
}

// labelAll labels every open shipment of the batch.
func labelAll(t *testing.T, w WorkStore, id int64, prefix string) {
	t.Helper()
	open, err := w.Open(ctx, id)
	must(t, err)
	for _, s := range open {
		must(t, w.Submitting(ctx, s.ID))
		must(t, w.Finish(ctx, batchjob.Outcome{ShipmentID: s.ID, BatchID: id, State: shipment.Done, LabelType: "PDF", At: time.Now().UTC(),
			Label: carrier.Label{Identifier: fmt.Sprintf("%s%d", prefix, s.Position), Label: []byte("L"), ContentType: "application/pdf"}}))
	}
}

// labelledBatch is a batch of n rows being sent, each labelled.
func labelledBatch(t *testing.T, f WorkFixture, n int) int64 {
	t.Helper()
	id := f.NewBatch(t, batch.Sending, JobRows(n))
	must(t, f.Work.PrepareSend(ctx, id))
	labelAll(t, f.Work, id, "A")
	return id
}

// sentBatch is a labelledBatch settled as Sent.
func sentBatch(t *testing.T, f WorkFixture, n int) int64 {
	t.Helper()
	id := labelledBatch(t, f, n)
	_, err := f.Work.Settle(ctx, id, batch.Sending, batch.Sent, "", nil)
	must(t, err)
	return id
}

func resend(t *testing.T, f WorkFixture) {
	w := f.Work
	id := labelledBatch(t, f, 4)
	open, _ := w.Selected(ctx, id, batch.FilterAll)
	must(t, w.Finish(ctx, batchjob.Outcome{ShipmentID: open[3].ID, BatchID: id, State: shipment.Cancelled, At: time.Now()}))
	_, err := w.Settle(ctx, id, batch.Sending, batch.Sent, "", nil)
	must(t, err)

	f.SetChanged(t, id, 2)
	f.SetChanged(t, id, 4)
	if sel, _ := w.Selected(ctx, id, batch.FilterChanged); len(sel) != 2 || sel[0].Position != 2 {
		t.Fatalf("CHANGED selects %+v", sel)
	}
	f.SetStatus(t, id, batch.ResendingChange, batch.FilterChanged)
	must(t, w.PrepareResend(ctx, id, batch.FilterChanged))
	open, err = w.Open(ctx, id)
	must(t, err)
	if len(open) != 2 {
		t.Fatalf("open after resend %+v", open)
	}
	if s := open[0]; s.Position != 2 || s.Attempt != 2 || s.Reference != batchjob.Reference(id, 2, 2) || s.Status() != shipment.Pending || s.Identifier() != "A2" || s.Success {
		t.Errorf("resent labelled shipment %+v: it keeps the label to void", s)
	}
	if s := open[1]; s.Position != 4 || s.Identifier() != "" {
		t.Errorf("resent cancelled shipment %+v: its label is void already", s)
	}
	snap := f.Snapshot(t, id)
	if slices.Contains(snap.Changed, true) || snap.Total != 2 || snap.Processed != 0 {
		t.Errorf("after resend: changed %v, progress %d of %d", snap.Changed, snap.Processed, snap.Total)
	}
	if b, _ := w.Batch(ctx, id); !b.Prepared {
		t.Error("resend not prepared")
	}
	// A second preparation would choose nothing: the flags are cleared.
	must(t, w.PrepareResend(ctx, id, batch.FilterChanged))
	if again, _ := w.Open(ctx, id); len(again) != 2 || again[0].Attempt != 2 {
		t.Errorf("second preparation %+v", again)
	}

	must(t, w.Voided(ctx, open[0].ID, []batchjob.Exchange{{Operation: batchjob.OpCancel, Traffic: carrier.Traffic{Request: "c", Response: "ok"}}}))
	if s := f.Snapshot(t, id).Shipments[1]; s.Identifier != "" || s.Label != nil || s.State != shipment.Pending {
		t.Errorf("voided %+v", s)
	}
	if s, _, _ := w.Get(ctx, id, open[0].ID); s.Identifier() != "" {
		t.Errorf("voided shipment still names %q", s.Identifier())
	}

	// ALL moves every shipment on from its own attempt.
	labelAll(t, w, id, "B")
	_, err = w.Settle(ctx, id, batch.ResendingChange, batch.Sent, "", nil)
	must(t, err)
	f.SetStatus(t, id, batch.Resending, batch.FilterAll)
	must(t, w.PrepareResend(ctx, id, batch.FilterAll))
	if open, _ := w.Open(ctx, id); len(open) != 4 || open[0].Attempt != 2 || open[1].Attempt != 3 {
		t.Errorf("resend ALL %+v", open)
	}
}

func one(t *testing.T, f WorkFixture) {
	w := f.Work
	rows := JobRows(2)
	id := f.NewBatch(t, batch.Sending, rows)
	must(t, w.PrepareSend(ctx, id))
	open, _ := w.Open(ctx, id)
	s, ok, err := w.PrepareOne(ctx, id, open[0].ID)
	must(t, err)
	if !ok || s.Attempt != 1 || s.Status() != shipment.Pending {
		t.Errorf("an open shipment stays as it is: %+v %v", s, ok)
	}
	labelAll(t, w, id, "A")
	_, err = w.Settle(ctx, id, batch.Sending, batch.Sent, "", nil)
	must(t, err)
	processed := f.Snapshot(t, id).Processed
	s, ok, err = w.PrepareOne(ctx, id, open[0].ID)
	must(t, err)
	if !ok || s.Attempt != 2 || s.Reference != batchjob.Reference(id, 1, 2) || s.Status() != shipment.Pending || s.Identifier() != "A1" || s.Draft.Fields["name"] != "Receiver 1" {
		t.Errorf("sent again %+v", s)
	}
	if other, _, _ := w.Get(ctx, id, open[1].ID); other.Attempt != 1 {
		t.Error("another shipment moved")
	}
	if _, ok, _ := w.PrepareOne(ctx, id+1000, open[0].ID); ok {
		t.Error("a shipment of another batch was prepared")
	}
	labelAll(t, w, id, "B")
	if snap := f.Snapshot(t, id); snap.Processed != processed {
		t.Errorf("a single shipment counted in the batch's progress: %d, was %d", snap.Processed, processed)
	}
}

func void(t *testing.T, f WorkFixture) {
	w := f.Work
	id := sentBatch(t, f, 3)
	f.SetStatus(t, id, batch.Deleting, batch.FilterAll)
	must(t, w.Begin(ctx, id, 3))
	if b, _ := w.Batch(ctx, id); !b.Prepared {
		t.Error("delete not prepared")
	}
	all, _ := w.Selected(ctx, id, batch.FilterAll)
	must(t, w.Unfinished(ctx, batchjob.Outcome{ShipmentID: all[0].ID, BatchID: id, State: shipment.Done, ErrorMessage: "manifested",
		Exchanges: []batchjob.Exchange{{Operation: batchjob.OpCancel, Traffic: carrier.Traffic{Request: "c1", Response: "fault"}}}, At: time.Now()}))
	f.SetChanged(t, id, 2)
	must(t, w.Remove(ctx, id, all[1].ID, []batchjob.Exchange{{Operation: batchjob.OpCancel, Traffic: carrier.Traffic{Request: "c2", Response: "ok"}}}))
	snap := f.Snapshot(t, id)
	if slices.Contains(snap.Changed, true) {
		t.Errorf("the removed shipment's row still counts as changed: %v", snap.Changed)
	}
	if len(snap.Shipments) != 2 || snap.Shipments[0].State != shipment.Done || snap.Shipments[0].ErrorMessage != "manifested" || snap.Processed != 2 || snap.Total != 3 {
		t.Fatalf("after delete: %+v, progress %d of %d", snap.Shipments, snap.Processed, snap.Total)
	}
	kept := 0
	for _, e := range snap.Exchanges {
		if e.Request == "c2" && e.ShipmentID == 0 {
			kept++
		}
	}
	if kept != 1 {
		t.Errorf("the removed shipment's exchange is not kept with the batch: %+v", snap.Exchanges)
	}
	// The row is sent again later: its reference is new at the carrier.
	_, err := w.Settle(ctx, id, batch.Deleting, batch.Sent, "", nil)
	must(t, err)
	f.SetStatus(t, id, batch.Resending, batch.FilterAll)
	must(t, w.PrepareResend(ctx, id, batch.FilterAll))
	open, _ := w.Open(ctx, id)
	var refs []string
	for _, s := range open {
		refs = append(refs, s.Reference)
	}
	want := []string{batchjob.Reference(id, 1, 2), batchjob.Reference(id, 2, 2), batchjob.Reference(id, 3, 2)}
	if !slices.Equal(refs, want) {
		t.Errorf("references after delete and resend %v, want %v", refs, want)
	}
}

func manifest(t *testing.T, f WorkFixture) {
	w := f.Work
	id := labelledBatch(t, f, 3)
	all, _ := w.Selected(ctx, id, batch.FilterAll)
	must(t, w.Finish(ctx, batchjob.Outcome{ShipmentID: all[1].ID, BatchID: id, State: shipment.Cancelled, At: time.Now()}))
	ids, err := w.Labelled(ctx, id)
	must(t, err)
	if !slices.Equal(ids, []string{"A1", "A3"}) {
		t.Errorf("labelled %v", ids)
	}
	f.SetStatus(t, id, batch.CreatingManifest, "")
	must(t, w.Begin(ctx, id, 2))
	must(t, w.Log(ctx, id, []batchjob.Exchange{{Operation: batchjob.OpCreateManifest, Traffic: carrier.Traffic{Request: "m", Response: "doc"}}}))
	at := time.Date(2026, 6, 2, 8, 0, 0, 0, time.UTC)
	must(t, w.SaveManifest(ctx, id, carrier.Manifest{Number: "M-1", Document: []byte("%PDF-m")}, at))
	snap := f.Snapshot(t, id)
	if snap.ManifestNumber != "M-1" || string(snap.Manifest) != "%PDF-m" || !snap.ManifestAt.Equal(at) || snap.Processed != 2 {
		t.Errorf("manifest %q %q %v, processed %d", snap.ManifestNumber, snap.Manifest, snap.ManifestAt, snap.Processed)
	}
	if last := snap.Exchanges[len(snap.Exchanges)-1]; last.ShipmentID != 0 || last.Operation != batchjob.OpCreateManifest {
		t.Errorf("manifest exchange %+v", last)
	}
	if b, _ := w.Batch(ctx, id); b.Manifests != 1 {
		t.Errorf("manifests %d", b.Manifests)
	}
}

func errorParams(t *testing.T, f WorkFixture) {
	w := f.Work
	id := f.NewBatch(t, batch.Sending, JobRows(2))
	must(t, w.PrepareSend(ctx, id))
	open, _ := w.Open(ctx, id)
	params := map[string]string{"field": "postalcode", "value": "00000"}
	must(t, w.Finish(ctx, batchjob.Outcome{ShipmentID: open[0].ID, BatchID: id, State: shipment.Failed,
		ErrorMessage: carrier.KeyFaultInvalidPostalCode, ErrorParams: params, At: time.Now()}))
	labelAll(t, w, id, "A")
	if s := f.Snapshot(t, id).Shipments[0]; s.ErrorMessage != carrier.KeyFaultInvalidPostalCode || !maps.Equal(s.ErrorParams, params) {
		t.Errorf("failed shipment %q %v", s.ErrorMessage, s.ErrorParams)
	}
	refused := map[string]string{"code": "RouteClosed", "message": "No route."}
	must(t, w.Unfinished(ctx, batchjob.Outcome{ShipmentID: open[1].ID, BatchID: id, State: shipment.Done,
		ErrorMessage: carrier.KeyFault, ErrorParams: refused, At: time.Now()}))
	if s := f.Snapshot(t, id).Shipments[1]; s.ErrorMessage != carrier.KeyFault || !maps.Equal(s.ErrorParams, refused) || s.State != shipment.Done {
		t.Errorf("unfinished shipment %s %q %v", s.State, s.ErrorMessage, s.ErrorParams)
	}
	moved, err := w.Settle(ctx, id, batch.Sending, batch.Sent, "", nil)
	must(t, err)
	if !moved {
		t.Fatal("not settled")
	}
	// A new attempt forgets why the last one failed.
	f.SetStatus(t, id, batch.ResendingError, batch.FilterError)
	must(t, w.PrepareResend(ctx, id, batch.FilterError))
	if s := f.Snapshot(t, id).Shipments[0]; s.ErrorMessage != "" || len(s.ErrorParams) != 0 {
		t.Errorf("resent shipment keeps %q %v", s.ErrorMessage, s.ErrorParams)
	}
	manifestFault := map[string]string{"code": "Closed", "message": "Depot closed."}
	_, err = w.Settle(ctx, id, batch.ResendingError, batch.ErrorSend, carrier.KeyFault, manifestFault)
	must(t, err)
	if snap := f.Snapshot(t, id); snap.ErrorMessage != carrier.KeyFault || !maps.Equal(snap.ErrorParams, manifestFault) {
		t.Errorf("settled batch %q %v", snap.ErrorMessage, snap.ErrorParams)
	}
	f.SetStatus(t, id, batch.Resending, batch.FilterAll)
	_, err = w.Settle(ctx, id, batch.Resending, batch.Sent, "", nil)
	must(t, err)
	if snap := f.Snapshot(t, id); snap.ErrorMessage != "" || len(snap.ErrorParams) != 0 {
		t.Errorf("a later success keeps %q %v", snap.ErrorMessage, snap.ErrorParams)
	}
}

// deleteBatch: the job filter of a batch being deleted as a whole comes
// back with the batch, also from Idle, so a resumed job knows its kind.
func deleteBatch(t *testing.T, f WorkFixture) {
	w := f.Work
	id := sentBatch(t, f, 2)
	f.SetStatus(t, id, batch.Deleting, batch.FilterBatch)
	b, err := w.Batch(ctx, id)
	must(t, err)
	if b.Status != batch.Deleting || b.Filter != batch.FilterBatch {
		t.Fatalf("batch %+v", b)
	}
	if sel, _ := w.Selected(ctx, id, batch.FilterBatch); len(sel) != 2 {
		t.Errorf("the batch's delete selects %d shipments, want all 2", len(sel))
	}
	idle, err := w.Idle(ctx)
	must(t, err)
	found := false
	for _, x := range idle {
		found = found || (x.ID == id && x.Filter == batch.FilterBatch)
	}
	if !found {
		t.Errorf("idle %+v lacks the batch being deleted", idle)
	}
	must(t, w.Begin(ctx, id, 2))
	all, _ := w.Selected(ctx, id, batch.FilterAll)
	for _, s := range all {
		must(t, w.Finish(ctx, batchjob.Outcome{ShipmentID: s.ID, BatchID: id, State: shipment.Cancelled, At: time.Now()}))
	}
	moved, err := w.Settle(ctx, id, batch.Deleting, batch.Deleted, "", nil)
	must(t, err)
	snap := f.Snapshot(t, id)
	if !moved || snap.Status != batch.Deleted || snap.Processed != 2 || len(snap.Shipments) != 2 || snap.Shipments[1].State != shipment.Cancelled {
		t.Errorf("deleted batch %s, progress %d, shipments %+v", snap.Status, snap.Processed, snap.Shipments)
	}
	if idle, _ := w.Idle(ctx); slices.ContainsFunc(idle, func(x batchjob.Batch) bool { return x.ID == id }) {
		t.Error("a DELETED batch waits for a job")
	}
}
