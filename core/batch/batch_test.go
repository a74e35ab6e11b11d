package batch

import (
	"strings"
	"testing"

	"parcelportal/core/failure"
)

var allStatuses = []Status{Created, Sending, Sent, Cancelling, Cancelled, Resending, ResendingChange, ResendingError,
	Deleting, CreatingManifest, ManifestCreated, ErrorSend, ErrorManifest, Deleted}

func TestNextFollowsTheLifeCycle(t *testing.T) {
	path := []struct {
		step  Step
		admin bool
		want  Status
	}{
		{StartSend, false, Sending},
		{JobSucceeded, false, Sent},
		{StartResendChange, false, ResendingChange},
		{JobFailed, false, ErrorSend},
		{StartResendError, false, ResendingError},
		{JobSucceeded, false, Sent},
		{StartDelete, false, Deleting},
		{JobSucceeded, false, Sent},
		{StartManifest, false, CreatingManifest},
		{JobFailed, false, ErrorManifest},
		{StartManifest, true, CreatingManifest},
		{JobSucceeded, false, ManifestCreated},
	}
	s := Created
	for i, p := range path {
		next, err := Next(s, p.step, p.admin)
		if err != nil || next != p.want {
			t.Fatalf("step %d: %s from %s = %s, %v; want %s", i, p.step, s, next, err, p.want)
		}
		s = next
	}
}

// TestDeleteBatchStep: a batch holding labels is DELETING while they are
// cancelled, from every status in which a batch may be deleted, and ends
// DELETED, or ERROR_SEND when a cancel failed.
func TestDeleteBatchStep(t *testing.T) {
	for _, s := range allStatuses {
		next, err := Next(s, StartDeleteBatch, false)
		if Removable(s) != (err == nil) {
			t.Errorf("delete of the batch from %s = %s, %v; removable %v", s, next, err, Removable(s))
		}
		if err == nil && next != Deleting {
			t.Errorf("delete of the batch from %s leads to %s", s, next)
		}
		ended, err := Next(s, JobDeletedBatch, false)
		if (s == Deleting) != (err == nil) || (err == nil && ended != Deleted) {
			t.Errorf("deleted-batch end from %s = %s, %v", s, ended, err)
		}
	}
	if failed, err := Next(Deleting, JobFailed, false); err != nil || failed != ErrorSend {
		t.Errorf("a failed delete ends %s, %v; want ERROR_SEND", failed, err)
	}
	for _, step := range []Step{StartSend, StartCancel, StartResendAll, StartResendChange, StartResendError, StartDelete, StartManifest} {
		if _, err := Next(Deleted, step, true); err == nil {
			t.Errorf("%s from DELETED was allowed", step)
		}
	}
}

// TestEmptiedBatchStep: a delete of shipments that leaves none makes the
// batch CREATED again, from DELETING only.
func TestEmptiedBatchStep(t *testing.T) {
	for _, s := range allStatuses {
		next, err := Next(s, JobEmptiedBatch, false)
		if (s == Deleting) != (err == nil) || (err == nil && next != Created) {
			t.Errorf("emptied end from %s = %s, %v", s, next, err)
		}
	}
	if _, err := Next(Created, StartSend, false); err != nil {
		t.Errorf("an emptied batch cannot be sent again: %v", err)
	}
}

func TestNextRefusesWhatTheStatusDoesNotAllow(t *testing.T) {
	refused := []struct {
		from  Status
		step  Step
		admin bool
	}{
		{Sent, StartSend, true},
		{Sending, StartCancel, false},
		{Sent, StartCancel, true},
		{Created, StartManifest, true},
		{ManifestCreated, StartManifest, false},
		{ErrorManifest, StartManifest, false},
		{CreatingManifest, StartManifest, true},
		{ManifestCreated, StartDelete, true},
		{ManifestCreated, StartDeleteBatch, true},
		{Sending, StartDeleteBatch, true},
		{Created, JobSucceeded, false},
		{Sent, JobFailed, false},
		{Deleted, JobSucceeded, false},
	}
	for _, r := range refused {
		got, err := Next(r.from, r.step, r.admin)
		f, ok := failure.As(err)
		if !ok || f.Kind != failure.Conflict || got != r.from {
			t.Errorf("%s from %s (admin %v) = %s, %v; want refused", r.step, r.from, r.admin, got, err)
		}
	}
	if _, err := Next(Sending, StartCancel, true); err != nil {
		t.Errorf("an admin cancels a running send: %v", err)
	}
}

func TestEveryInProgressStatusEnds(t *testing.T) {
	for _, s := range allStatuses {
		_, okDone := succeeded[s]
		_, okFail := failed[s]
		if s.InProgress() != okDone || s.InProgress() != okFail {
			t.Errorf("%s: in progress %v, ends on success %v, on failure %v", s, s.InProgress(), okDone, okFail)
		}
	}
}

func TestActionsFor(t *testing.T) {
	type want struct {
		send, sendEnabled, cancel, manifest, regenerate, manifestDownload, labels, customs, editable, del, view bool
	}
	// docs: live labels, customs documents and, when manifested, the manifest.
	docs := Counts{Shipments: 2, Labelled: 2, CustomsDocs: 1}
	manifested := Counts{Shipments: 2, Labelled: 2, CustomsDocs: 1, HasManifest: true}
	cases := []struct {
		s      Status
		counts Counts
		admin  bool
		want   want
	}{
		{Created, Counts{}, false, want{send: true, sendEnabled: true, editable: true, del: true, view: true}},
		{Sending, Counts{}, false, want{send: true, view: true}},
		{Sending, Counts{}, true, want{send: true, cancel: true, view: true}},
		{Sent, docs, false, want{manifest: true, labels: true, customs: true, editable: true, del: true, view: true}},
		{Cancelled, docs, false, want{manifest: true, labels: true, customs: true, del: true, view: true}},
		{CreatingManifest, docs, false, want{manifest: true, labels: true, customs: true, view: true}},
		{ManifestCreated, manifested, false, want{manifestDownload: true, labels: true, customs: true, view: true}},
		{ManifestCreated, manifested, true, want{regenerate: true, manifestDownload: true, labels: true, customs: true, view: true}},
		{ErrorManifest, docs, false, want{labels: true, customs: true, del: true, view: true}},
		{ErrorManifest, docs, true, want{regenerate: true, labels: true, customs: true, del: true, view: true}},
		// A regeneration failed: the manifest stays, so the batch does too.
		{ErrorManifest, manifested, true, want{regenerate: true, labels: true, customs: true, view: true}},
		{ErrorSend, docs, true, want{del: true, view: true}},
		{Resending, docs, true, want{view: true}},
		{Deleting, docs, true, want{}},
		{Deleted, Counts{Shipments: 2}, true, want{del: true, view: true}},
		// Every label cancelled: nothing to manifest or download.
		{Cancelled, Counts{Shipments: 2}, true, want{del: true, view: true}},
		{Sent, Counts{Shipments: 2, ErrorShipments: 2}, false, want{editable: true, del: true, view: true}},
		// Labels to places inside the customs union have no customs documents.
		{Sent, Counts{Shipments: 1, Labelled: 1}, false, want{manifest: true, labels: true, editable: true, del: true, view: true}},
	}
	for _, c := range cases {
		a := ActionsFor(Batch{Status: c.s, RowCount: 10, Counts: c.counts}, c.admin)
		got := want{a.Send, a.SendEnabled, a.Cancel, a.GenerateManifest, a.RegenerateManifest, a.ManifestDownload, a.LabelDownloads,
			a.CustomsDocsDownload, a.GridEditable, a.Delete, a.View}
		if got != c.want {
			t.Errorf("%s %+v admin=%v:\n got %+v\nwant %+v", c.s, c.counts, c.admin, got, c.want)
		}
	}
	if ActionsFor(Batch{Status: Created, RowCount: MaxRows + 1}, true).SendEnabled {
		t.Error("a batch over the row limit cannot be sent")
	}
	withInvoice := func(s Status) Batch { return Batch{Status: s, RowCount: 1, HasInvoice: true, Counts: manifested} }
	if !ActionsFor(withInvoice(ManifestCreated), false).InvoiceDownload || ActionsFor(withInvoice(Sent), false).InvoiceDownload {
		t.Error("the invoice downloads with the manifest only")
	}
}

func TestDeleteGoesThroughCarrier(t *testing.T) {
	cases := []struct {
		counts Counts
		want   bool
	}{
		{Counts{}, false},
		{Counts{Shipments: 3, ErrorShipments: 3}, false},
		{Counts{Shipments: 3}, false}, // all cancelled
		{Counts{Shipments: 3, Labelled: 1}, true},
		{Counts{Shipments: 3, Open: 1}, true}, // a single shipment is being labelled
	}
	for _, c := range cases {
		if got := (Batch{Status: Sent, Counts: c.counts}).DeleteGoesThroughCarrier(); got != c.want {
			t.Errorf("%+v: %v, want %v", c.counts, got, c.want)
		}
	}
}

func TestRows(t *testing.T) {
	changed, failedRow, ok := Row{Changed: true, Success: true}, Row{}, Row{Success: true}
	if !Updateable(changed, Sent) || !Updateable(failedRow, Sent) || Updateable(ok, Sent) || Updateable(changed, Created) {
		t.Error("updateable: changed or failed rows of a sent batch")
	}
	if !Deleteable(ok, Sent) || Deleteable(changed, Sent) || Deleteable(ok, ManifestCreated) {
		t.Error("deleteable: rows of a sent batch that are not updateable")
	}
}

func TestBulkRules(t *testing.T) {
	if BulkResendAllowed(false, FilterAll) || !BulkResendAllowed(false, FilterChanged) || !BulkResendAllowed(true, FilterAll) {
		t.Error("bulk resend of ALL is for admins")
	}
	if BulkDeleteAllowed(false, FilterChanged, Sent) || BulkDeleteAllowed(true, FilterError, Sent) ||
		BulkDeleteAllowed(true, FilterAll, ResendingError) || BulkDeleteAllowed(true, FilterAll, ManifestCreated) ||
		!BulkDeleteAllowed(true, FilterChanged, Sent) {
		t.Error("bulk delete: admins, not ERROR, not while sending or resending, not when manifested")
	}
}

func TestCheckRowCount(t *testing.T) {
	if err := CheckRowCount(MaxRows); err != nil {
		t.Fatalf("2000 rows are allowed: %v", err)
	}
	f, ok := failure.As(CheckRowCount(2001))
	if !ok || f.Key != KeyMaxRowsExceeded || f.Params["rows"] != "2001" || f.Params["maxRows"] != "2000" {
		t.Fatalf("2001 rows = %v", f)
	}
}

func TestCheckFileName(t *testing.T) {
	if err := CheckFileName(strings.Repeat("ü", FileNameMaxLength)); err != nil {
		t.Fatalf("255 characters are allowed: %v", err)
	}
	f, ok := failure.As(CheckFileName(strings.Repeat("x", FileNameMaxLength+1)))
	if !ok || f.Kind != failure.Invalid || len(f.Fields) != 1 || f.Fields[0].Field != "csvFileName" || f.Fields[0].Rule != "Size" {
		t.Fatalf("256 characters = %v", f)
	}
}
