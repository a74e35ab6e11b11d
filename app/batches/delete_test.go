package batches_test

import (
	"errors"
	"testing"

	"parcelportal/app/batchjob"
	"parcelportal/core/batch"
	"parcelportal/core/failure"
)

func TestDeleteRemovesABatchWithoutLiveLabels(t *testing.T) {
	f := setup(t)
	v, rows := f.uploadRows(t, 3)
	f.store.PutShipment(cancelledLabel(v.ID, f.mine.ID, rows[0].ID, 1))
	f.store.PutShipment(failedShipment(v.ID, f.mine.ID, rows[1].ID, 2))
	f.force(t, v.ID, batch.Cancelled)
	got, err := f.svc.Delete(ctx, f.user, v.ID)
	if err != nil || got != nil {
		t.Fatalf("delete = %+v, %v", got, err)
	}
	if _, err := f.store.Get(ctx, v.ID); !failure.HasKey(err, batch.KeyNotFound) {
		t.Errorf("the batch is still there: %v", err)
	}
	if len(f.queue.Jobs()) != 0 {
		t.Errorf("queued %+v", f.queue.Jobs())
	}
}

func TestDeleteCancelsLiveLabelsFirst(t *testing.T) {
	for _, s := range []batch.Status{batch.Sent, batch.Cancelled, batch.ErrorSend, batch.ErrorManifest} {
		f := setup(t)
		v, rows := f.uploadRows(t, 3)
		f.store.PutShipment(labelled(v.ID, f.mine.ID, rows[0].ID, 1, "PDF"))
		f.store.PutShipment(labelled(v.ID, f.mine.ID, rows[1].ID, 2, "PDF"))
		f.store.PutShipment(failedShipment(v.ID, f.mine.ID, rows[2].ID, 3))
		f.force(t, v.ID, s)
		got, err := f.svc.Delete(ctx, f.user, v.ID)
		if err != nil || got == nil {
			t.Fatalf("%s: delete = %v, %v", s, got, err)
		}
		if got.Status != batch.Deleting || got.JobFilter != batch.FilterBatch || got.Total != 2 || got.Processed != 0 ||
			got.Actions.View || got.Actions.Delete {
			t.Errorf("%s: batch being deleted = %+v %+v", s, got.Batch, got.Actions)
		}
		if f.queue.Last() != (batchjob.Job{Kind: batchjob.DeleteBatch, BatchID: v.ID}) {
			t.Errorf("%s: queued %+v", s, f.queue.Jobs())
		}
		if f.status(t, v.ID) != batch.Deleting {
			t.Errorf("%s: stored status %s", s, f.status(t, v.ID))
		}
		// A second delete finds the job at work.
		if _, err := f.svc.Delete(ctx, f.user, v.ID); !failure.HasKey(err, batch.KeyNotAllowedNow) {
			t.Errorf("%s: delete while deleting = %v", s, err)
		}
	}
}

// TestDeleteWaitsForALabelBeingMade: a single shipment being labelled may
// hold a label the portal has not recorded yet.
func TestDeleteWaitsForALabelBeingMade(t *testing.T) {
	f := setup(t)
	v, rows := f.uploadRows(t, 2)
	open := failedShipment(v.ID, f.mine.ID, rows[0].ID, 1)
	open.Open = true
	f.store.PutShipment(open)
	f.force(t, v.ID, batch.Sent)
	if got, err := f.svc.Delete(ctx, f.user, v.ID); err != nil || got == nil || got.Status != batch.Deleting {
		t.Fatalf("delete with a label being made = %+v, %v", got, err)
	}
}

func TestDeleteRefusals(t *testing.T) {
	f := setup(t)
	v, rows := f.uploadRows(t, 2)
	f.store.PutShipment(labelled(v.ID, f.mine.ID, rows[0].ID, 1, "PDF"))
	// A manifest stays, also after its regeneration failed.
	f.store.PutManifest(v.ID, []byte("%PDF manifest"), f.svc.Now())
	f.force(t, v.ID, batch.ErrorManifest)
	if _, err := f.svc.Delete(ctx, f.admin, v.ID); !failure.HasKey(err, batch.KeyNotAllowedNow) || !isKind(err, failure.Conflict) {
		t.Errorf("delete of a manifested batch = %v", err)
	}
	if f.status(t, v.ID) != batch.ErrorManifest || len(f.queue.Jobs()) != 0 {
		t.Errorf("a refused delete moved the batch to %s or queued %+v", f.status(t, v.ID), f.queue.Jobs())
	}

	// With the queue down the batch stays as it was.
	other := f.upload(t, generated(t, 2, noEdit))
	orows, _ := f.svc.ListValidatedShipments(ctx, f.user, other.ID, false)
	f.store.PutShipment(labelled(other.ID, f.mine.ID, orows[0].ID, 1, "PDF"))
	f.force(t, other.ID, batch.Sent)
	f.queue.Fail = errors.New("redis down")
	if _, err := f.svc.Delete(ctx, f.user, other.ID); !failure.HasKey(err, batch.KeyQueueUnavailable) {
		t.Errorf("delete with the queue down = %v", err)
	}
	if b, _ := f.store.Get(ctx, other.ID); b.Status != batch.Sent || b.JobFilter == batch.FilterBatch {
		t.Errorf("batch after a refused job = %+v", b)
	}
}

// TestActionsFollowTheDocuments: a CANCELLED batch whose labels are all
// cancelled offers no manifest and no downloads (they would only be
// refused); a labelled one without customs documents no customs download.
func TestActionsFollowTheDocuments(t *testing.T) {
	f := setup(t)
	v, rows := f.uploadRows(t, 2)
	f.store.PutShipment(cancelledLabel(v.ID, f.mine.ID, rows[0].ID, 1))
	f.force(t, v.ID, batch.Cancelled)
	got, _ := f.svc.Get(ctx, f.admin, v.ID)
	if a := got.Actions; a.GenerateManifest || a.LabelDownloads || a.CustomsDocsDownload || !a.Delete || !a.View {
		t.Errorf("all cancelled: %+v", a)
	}
	if _, err := f.svc.CreateManifest(ctx, f.user, v.ID); !failure.HasKey(err, batch.KeyNoLabels) {
		t.Errorf("manifest = %v", err)
	}
	live := labelled(v.ID, f.mine.ID, rows[1].ID, 2, "PDF")
	live.CustomsDoc = nil
	f.store.PutShipment(live)
	got, _ = f.svc.Get(ctx, f.user, v.ID)
	if a := got.Actions; !a.GenerateManifest || !a.LabelDownloads || a.CustomsDocsDownload {
		t.Errorf("one live label without customs document: %+v", a)
	}
}
