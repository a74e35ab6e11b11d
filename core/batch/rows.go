package batch

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
