package batch

import "parcelportal/core/failure"

// Filter selects shipment rows of a batch: all, the changed ones, or the failed ones.
type Filter string

// Shipment filters of spec 2 section 9.
const (
	FilterAll     Filter = "ALL"
	FilterChanged Filter = "CHANGED"
	FilterError   Filter = "ERROR"
	// FilterBatch is the job filter of a batch being deleted as a whole:
	// the DELETING job cancels every label of the batch instead of removing
	// the shipments a filter selects. People never choose it (ParseFilter
	// refuses it); it tells the two DELETING jobs apart.
	FilterBatch Filter = "BATCH"
)

// Row is what the rules need to know of a shipment row.
type Row struct {
	Changed bool
	Success bool
}

// Updateable: a changed or unsuccessful row of a sent batch can be edited
// and sent again (spec 2 section 4.3).
func Updateable(r Row, s Status) bool { return s == Sent && (r.Changed || !r.Success) }

// Deleteable: a row of a sent batch that is not updateable can be deleted.
func Deleteable(r Row, s Status) bool { return s == Sent && !Updateable(r, s) }

// BulkResendAllowed: only admins resend every row at once (spec 2 section 5.2).
func BulkResendAllowed(admin bool, f Filter) bool { return admin || f != FilterAll }

// BulkDeleteAllowed: admins delete in bulk, not from the ERROR filter, and not
// while the batch is being sent, resent or is manifested (spec 2 section 5.2).
func BulkDeleteAllowed(admin bool, f Filter, s Status) bool {
	switch {
	case !admin || f == FilterError:
		return false
	case s == Sending || s == Resending || s == ResendingChange || s == ResendingError || s == ManifestCreated:
		return false
	}
	return true
}

// Cancellable: a deleteable row whose label is live may have that label
// cancelled on its own (the row's cancel action).
func (s Shipment) Cancellable() bool { return s.Deleteable() && s.Labelled() }

// ResendStep is the step, and so the status, of a resend with the filter.
func ResendStep(f Filter) Step { return resendSteps[f] }

var resendSteps = map[Filter]Step{FilterAll: StartResendAll, FilterChanged: StartResendChange, FilterError: StartResendError}

// ResendSelects counts the shipments a resend with the filter sends again:
// for ALL every valid row (also one the carrier never got), else the
// changed or the failed shipments.
func ResendSelects(b Batch, f Filter) int {
	switch f {
	case FilterAll:
		return b.RowCount - b.InvalidRows
	case FilterChanged:
		return b.Counts.ChangedShipments
	case FilterError:
		return b.Counts.ErrorShipments
	}
	return 0
}

// DeleteSelects counts the shipments a bulk delete with the filter cancels
// and removes: all of them, or the changed ones.
func DeleteSelects(b Batch, f Filter) int {
	switch f {
	case FilterAll:
		return b.Counts.Shipments
	case FilterChanged:
		return b.Counts.ChangedShipments
	case FilterError:
		return b.Counts.ErrorShipments
	}
	return 0
}

// Bulk is what a bulk command with one filter would do on the batch now
// (spec 2 section 5.2): how many shipments it selects, and whether the
// person may start it. A command that selects nothing is not offered: it
// would only be refused (error.batch.nothingToResend) or do nothing.
type Bulk struct {
	Resend      bool
	ResendCount int
	Delete      bool
	DeleteCount int
}

// BulkFor applies the bulk rules and the steps of the batch's status to one filter.
func BulkFor(b Batch, admin bool, f Filter) Bulk {
	out := Bulk{ResendCount: ResendSelects(b, f), DeleteCount: DeleteSelects(b, f)}
	_, resendable := next(b.Status, ResendStep(f), admin)
	_, deletable := next(b.Status, StartDelete, admin)
	out.Resend = resendable && BulkResendAllowed(admin, f) && out.ResendCount > 0
	out.Delete = deletable && BulkDeleteAllowed(admin, f, b.Status) && out.DeleteCount > 0
	return out
}

// ShipmentDeleteRefusal is why one shipment may not be deleted now, nil
// when it may (DeleteShipment; the shipment pages show it before a delete
// is tried): not while its batch has a manifest or is getting one (the
// shipment's label is in it), not while a job works on the batch, and not
// while it holds a label the carrier has not cancelled, which is cancelled
// first so that no label stays valid for a shipment the portal forgot.
func ShipmentDeleteRefusal(status Status, s Shipment) *failure.Error {
	switch {
	case status == ManifestCreated || status == CreatingManifest:
		return failure.New(failure.Conflict, KeyShipmentInManifest)
	case status.InProgress():
		return NotAllowedNow(status, "deleteShipment")
	case s.Labelled():
		return failure.New(failure.Conflict, KeyShipmentCancelFirst)
	}
	return nil
}
