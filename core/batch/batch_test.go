package batch

import (
	"testing"

	"parcelportal/core/failure"
)

var allStatuses = []Status{Created, Sending, Sent, Cancelling, Cancelled, Resending, ResendingChange, ResendingError,
	Deleting, CreatingManifest, ManifestCreated, ErrorSend, ErrorManifest}

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
		{Created, JobSucceeded, false},
		{Sent, JobFailed, false},
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
	type want struct{ send, sendEnabled, cancel, manifest, regenerate, manifestDownload, labels, editable bool }
	cases := []struct {
		s     Status
		admin bool
		want  want
	}{
		{Created, false, want{send: true, sendEnabled: true, editable: true}},
		{Sending, false, want{send: true}},
		{Sending, true, want{send: true, cancel: true}},
		{Sent, false, want{manifest: true, labels: true, editable: true}},
		{Cancelled, false, want{manifest: true, labels: true}},
		{CreatingManifest, false, want{manifest: true, labels: true}},
		{ManifestCreated, false, want{manifestDownload: true, labels: true}},
		{ManifestCreated, true, want{regenerate: true, manifestDownload: true, labels: true}},
		{ErrorManifest, false, want{labels: true}},
		{ErrorManifest, true, want{regenerate: true, labels: true}},
		{ErrorSend, true, want{}},
		{Deleting, true, want{}},
	}
	for _, c := range cases {
		a := ActionsFor(c.s, c.admin, 10, false)
		got := want{a.Send, a.SendEnabled, a.Cancel, a.GenerateManifest, a.RegenerateManifest, a.ManifestDownload, a.LabelDownloads, a.GridEditable}
		if got != c.want {
			t.Errorf("%s admin=%v: %+v, want %+v", c.s, c.admin, got, c.want)
		}
	}
	if ActionsFor(Created, true, MaxRows+1, false).SendEnabled {
		t.Error("a batch over the row limit cannot be sent")
	}
	if !ActionsFor(ManifestCreated, false, 1, true).InvoiceDownload || ActionsFor(Sent, false, 1, true).InvoiceDownload {
		t.Error("the invoice downloads with the manifest only")
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
