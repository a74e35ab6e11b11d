package batch

import (
	"testing"

	"parcelportal/core/failure"
)

func TestRemovableAndViewable(t *testing.T) {
	// Spec 2 section 2.1: delete is disabled while a job works on the batch
	// and once it is manifested; view only while DELETING.
	removable := map[Status]bool{
		Created: true, Sent: true, Cancelled: true, ErrorSend: true, ErrorManifest: true,
		Sending: false, Cancelling: false, Resending: false, ResendingChange: false, ResendingError: false,
		Deleting: false, CreatingManifest: false, ManifestCreated: false, Deleted: true,
	}
	for _, s := range allStatuses {
		want, listed := removable[s]
		if !listed {
			t.Fatalf("status %s missing from the table", s)
		}
		if got := Removable(s); got != want {
			t.Errorf("Removable(%s) = %v, want %v", s, got, want)
		}
		if got := Viewable(s); got != (s != Deleting) {
			t.Errorf("Viewable(%s) = %v", s, got)
		}
	}
}

func TestDeletable(t *testing.T) {
	if !(Batch{Status: ErrorManifest}).Deletable() || (Batch{Status: ErrorManifest, Counts: Counts{HasManifest: true}}).Deletable() ||
		(Batch{Status: Deleting}).Deletable() {
		t.Error("a batch is deletable when removable and without a manifest")
	}
}

func TestParseFilter(t *testing.T) {
	for in, want := range map[string]Filter{"": FilterAll, "ALL": FilterAll, "CHANGED": FilterChanged, "ERROR": FilterError} {
		if got, err := ParseFilter(in); err != nil || got != want {
			t.Errorf("ParseFilter(%q) = %q, %v", in, got, err)
		}
	}
	if _, err := ParseFilter(string(FilterBatch)); !failure.HasKey(err, KeyUnknownFilter) {
		t.Errorf("people chose the batch delete's filter: %v", err)
	}
	if _, err := ParseFilter("all"); !failure.HasKey(err, KeyUnknownFilter) {
		t.Errorf("lower-case filter accepted: %v", err)
	}
}

func TestValidCountsInvalidRows(t *testing.T) {
	if !(Batch{}).Valid() || (Batch{InvalidRows: 1}).Valid() {
		t.Error("a batch is valid when no row is invalid")
	}
}
