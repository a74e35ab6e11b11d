package batches_test

import (
	"bytes"
	"io"
	"log/slog"
	"testing"
	"time"

	"parcelportal/adapters/memory"
	"parcelportal/app/batches"
	"parcelportal/app/batchjob"
	"parcelportal/core/batch"
	"parcelportal/core/failure"
)

// journey is a batch's way with no infrastructure: the use cases and the
// job runner on one in-memory batch store, the in-memory carrier, and a
// queue whose jobs the test runs when the worker would.
type journey struct {
	fixture
	t       *testing.T
	runner  *batchjob.Runner
	carrier *memory.Carrier
}

func newJourney(t *testing.T) journey {
	f := setup(t)
	cr := memory.NewCarrier()
	r := batchjob.NewRunner(batchjob.PortsOf(f.work), f.svc.Customers, cr,
		batchjob.Options{Backoff: time.Millisecond, Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	return journey{fixture: f, t: t, runner: r, carrier: cr}
}

// work runs the job the last command queued, as the worker would.
func (j journey) work() {
	j.t.Helper()
	if err := j.runner.Run(ctx, j.queue.Last()); err != nil {
		j.t.Fatal(err)
	}
}

// poll reads the batch as the page does while its job runs.
func (j journey) poll(id int64) batches.View {
	j.t.Helper()
	v, err := j.svc.Get(ctx, j.user, id)
	if err != nil {
		j.t.Fatal(err)
	}
	return v
}

// upload sends a CSV of three shipments, the second without a receiver name.
func (j journey) upload() batches.View {
	j.t.Helper()
	csv := generated(j.t, 3, func(row int, column string) (string, bool) { return "", row == 2 && column == "name" })
	v, err := j.svc.Create(ctx, j.user, batches.Upload{CustomerID: j.mine.ID, FileName: "journey.csv", CSV: csv})
	if err != nil {
		j.t.Fatal(err)
	}
	return v
}

// send sends the batch and runs the send job until the batch is SENT.
func (j journey) send(id int64) {
	j.t.Helper()
	v, err := j.svc.Send(ctx, j.user, id, "")
	if err != nil || v.Status != batch.Sending {
		j.t.Fatalf("Send: %v, %s", err, v.Status)
	}
	j.work()
	if v := j.poll(id); v.Status != batch.Sent || v.Processed != 3 || v.Counts.Labelled != 3 {
		j.t.Fatalf("after the send job: %s, %d processed, %d labelled (%s)", v.Status, v.Processed, v.Counts.Labelled, v.ErrorMessage)
	}
}

// TestBatchJourney uploads a CSV, fixes its invalid row in the grid, sends
// the batch, polls it to SENT, downloads its labels, creates and downloads
// its manifest; a manifested batch is not deleted.
func TestBatchJourney(t *testing.T) {
	j := newJourney(t)
	v := j.upload()
	if v.Status != batch.Created || v.RowCount != 3 || v.InvalidRows != 1 {
		t.Fatalf("uploaded: %s, %d rows, %d invalid", v.Status, v.RowCount, v.InvalidRows)
	}

	rows, err := j.svc.ListValidatedShipments(ctx, j.user, v.ID, true)
	if err != nil || len(rows) != 1 || rows[0].Position != 2 {
		t.Fatalf("invalid rows: %v, %+v", err, rows)
	}
	d := rows[0].Draft()
	d.Fields["name"] = "Fixed Receiver"
	row, v, err := j.svc.UpdateValidatedShipment(ctx, j.user, v.ID, rows[0].ID, d)
	if err != nil || !row.Valid || v.InvalidRows != 0 {
		t.Fatalf("edit: %v, valid %v, %d invalid", err, row.Valid, v.InvalidRows)
	}

	j.send(v.ID)
	shipments, total, err := j.svc.ListBatchShipments(ctx, j.user, v.ID, "", 0, 10)
	if err != nil || total != 3 || shipments[1].ReceiverName != "Fixed Receiver" || !shipments[1].Success {
		t.Fatalf("shipments: %v, %d, %+v", err, total, shipments)
	}
	for _, s := range shipments {
		if ref := batchjob.Reference(v.ID, s.Position, 1); j.carrier.Issued(ref) != 1 {
			t.Errorf("%s labelled %d times", ref, j.carrier.Issued(ref))
		}
	}

	labels, err := j.svc.Labels(ctx, j.user, v.ID)
	if err != nil || bytes.Count(labels.Data, []byte("%PDF")) != 3 {
		t.Fatalf("labels: %v, %d documents", err, bytes.Count(labels.Data, []byte("%PDF")))
	}

	if _, err := j.svc.CreateManifest(ctx, j.user, v.ID); err != nil {
		t.Fatal(err)
	}
	j.work()
	if v := j.poll(v.ID); v.Status != batch.ManifestCreated || !v.Counts.HasManifest {
		t.Fatalf("after the manifest job: %s (%s)", v.Status, v.ErrorMessage)
	}
	manifest, err := j.svc.Manifest(ctx, j.user, v.ID)
	if err != nil || len(manifest.Data) == 0 {
		t.Fatalf("manifest: %v, %d bytes", err, len(manifest.Data))
	}

	if _, err := j.svc.Delete(ctx, j.user, v.ID); !failure.HasKey(err, batch.KeyNotAllowedNow) {
		t.Errorf("delete of a manifested batch: %v", err)
	}
}

// TestBatchJourneyToDeletion sends a batch and deletes it: its labels are
// cancelled at the carrier by a job and the batch is kept DELETED; deleted
// again, it is gone.
func TestBatchJourneyToDeletion(t *testing.T) {
	j := newJourney(t)
	v := j.upload()
	rows, err := j.svc.ListValidatedShipments(ctx, j.user, v.ID, true)
	if err != nil || len(rows) != 1 {
		t.Fatalf("invalid rows: %v, %d", err, len(rows))
	}
	d := rows[0].Draft()
	d.Fields["name"] = "Fixed Receiver"
	if _, _, err := j.svc.UpdateValidatedShipment(ctx, j.user, v.ID, rows[0].ID, d); err != nil {
		t.Fatal(err)
	}
	j.send(v.ID)

	deleting, err := j.svc.Delete(ctx, j.user, v.ID)
	if err != nil || deleting == nil || deleting.Status != batch.Deleting {
		t.Fatalf("delete: %v, %+v", err, deleting)
	}
	j.work()
	if v := j.poll(v.ID); v.Status != batch.Deleted || v.Counts.Labelled != 0 {
		t.Fatalf("after the delete job: %s, %d labelled (%s)", v.Status, v.Counts.Labelled, v.ErrorMessage)
	}
	if gone, err := j.svc.Delete(ctx, j.user, v.ID); err != nil || gone != nil {
		t.Fatalf("delete of a DELETED batch: %v, %+v", err, gone)
	}
	if _, err := j.svc.Get(ctx, j.user, v.ID); !failure.HasKey(err, batch.KeyNotFound) {
		t.Errorf("deleted batch still read: %v", err)
	}
}
