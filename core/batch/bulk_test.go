package batch

import (
	"slices"
	"testing"
)

// TestBulkFor: the Shipments tab's resend and delete per filter, status and
// role, with the counts each would select (spec 2 section 5.2).
func TestBulkFor(t *testing.T) {
	// 10 rows, 2 invalid; 7 shipments, 3 changed, 2 failed.
	counted := func(s Status) Batch {
		return Batch{Status: s, RowCount: 10, InvalidRows: 2,
			Counts: Counts{Shipments: 7, ChangedShipments: 3, ErrorShipments: 2}}
	}
	for _, s := range allStatuses {
		for _, admin := range []bool{false, true} {
			for _, f := range []Filter{FilterAll, FilterChanged, FilterError} {
				got := BulkFor(counted(s), admin, f)
				resendStatus := s == Sent || s == ErrorSend || s == Cancelled
				wantResend := resendStatus && (admin || f != FilterAll)
				wantDelete := s == Sent && admin && f != FilterError
				if got.Resend != wantResend || got.Delete != wantDelete {
					t.Errorf("%s admin=%v %s: resend %v delete %v; want %v %v", s, admin, f, got.Resend, got.Delete, wantResend, wantDelete)
				}
				wantCounts := map[Filter][2]int{FilterAll: {8, 7}, FilterChanged: {3, 3}, FilterError: {2, 2}}[f]
				if got.ResendCount != wantCounts[0] || got.DeleteCount != wantCounts[1] {
					t.Errorf("%s %s counts %d/%d; want %v", s, f, got.ResendCount, got.DeleteCount, wantCounts)
				}
			}
		}
	}

	// A command that selects nothing is not offered.
	labelled := Batch{Status: Sent, RowCount: 4, Counts: Counts{Shipments: 4}}
	for _, f := range []Filter{FilterChanged, FilterError} {
		if got := BulkFor(labelled, true, f); got.Resend || got.Delete {
			t.Errorf("nothing changed or failed, %s: %+v", f, got)
		}
	}
	if got := BulkFor(Batch{Status: Sent, RowCount: 4, InvalidRows: 4}, true, FilterAll); got.Resend || got.Delete {
		t.Errorf("no valid row and no shipment: %+v", got)
	}
	if got := BulkFor(labelled, true, FilterAll); !got.Resend || !got.Delete || got.ResendCount != 4 || got.DeleteCount != 4 {
		t.Errorf("four labelled rows, ALL: %+v", got)
	}

	// ActionsFor carries the three filters.
	a := ActionsFor(counted(Sent), true)
	if !a.BulkAll.Delete || !a.BulkChanged.Resend || a.BulkError.Delete || !a.BulkError.Resend {
		t.Errorf("actions of a sent batch for an admin: %+v %+v %+v", a.BulkAll, a.BulkChanged, a.BulkError)
	}
	if u := ActionsFor(counted(Sent), false); u.BulkAll.Resend || u.BulkAll.Delete || !u.BulkChanged.Resend {
		t.Errorf("actions of a sent batch for a user: %+v %+v", u.BulkAll, u.BulkChanged)
	}
}

// TestRowFlags: the row actions per status: send again when changed or
// failed, delete otherwise, cancel only a live label; nothing outside SENT.
func TestRowFlags(t *testing.T) {
	rows := map[string]Shipment{
		"labelled":  {Success: true, HasLabel: true},
		"changed":   {Success: true, HasLabel: true, Changed: true},
		"failed":    {},
		"cancelled": {Success: true, HasLabel: true, Cancelled: true},
	}
	want := map[string][3]bool{ // updateable, deleteable, cancellable in SENT
		"labelled": {false, true, true}, "changed": {true, false, false}, "failed": {true, false, false},
		"cancelled": {false, true, false},
	}
	for _, s := range allStatuses {
		for name, r := range rows {
			r.BatchStatus = s
			got := [3]bool{r.Updateable(), r.Deleteable(), r.Cancellable()}
			w := want[name]
			if s != Sent {
				w = [3]bool{}
			}
			if got != w {
				t.Errorf("%s row in %s: updateable, deleteable, cancellable = %v; want %v", name, s, got, w)
			}
		}
	}
	if !slices.Contains(allStatuses, Sent) {
		t.Fatal("allStatuses lacks SENT")
	}
}
