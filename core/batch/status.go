// Package batch is the life of a CSV batch of shipments (spec 2 section 4):
// its statuses, which status follows which step, what a person may do in
// each status, and what may be done to its shipment rows.
package batch

import (
	"slices"
	"strconv"
	"unicode/utf8"

	"parcelportal/core/failure"
)

// Status is where a batch is in its life.
type Status string

// Batch statuses of spec 2 section 4.1.
const (
	Created          Status = "CREATED"
	Sending          Status = "SENDING"
	Sent             Status = "SENT"
	Cancelling       Status = "CANCELLING"
	Cancelled        Status = "CANCELLED"
	Resending        Status = "RESENDING"
	ResendingChange  Status = "RESENDING_CHANGE"
	ResendingError   Status = "RESENDING_ERROR"
	Deleting         Status = "DELETING"
	CreatingManifest Status = "CREATING_MANIFEST"
	ManifestCreated  Status = "MANIFEST_CREATED"
	ErrorSend        Status = "ERROR_SEND"
	ErrorManifest    Status = "ERROR_MANIFEST"
	// Deleted: a batch whose labels a delete cancelled at the carrier. It
	// stays, with its cancelled shipments and their traffic (see
	// JobDeletedBatch), and shows the trash icon of spec 2 section 2.1.
	Deleted Status = "DELETED"
)

// Statuses are every status above: whoever shows or maps a status (the
// contract's Batch.Status enum) is tested against this list, so add a new
// status here too.
var Statuses = []Status{Created, Sending, Sent, Cancelling, Cancelled, Resending, ResendingChange, ResendingError,
	Deleting, CreatingManifest, ManifestCreated, ErrorSend, ErrorManifest, Deleted}

// InProgress reports the statuses in which a job works on the batch; the
// batch page polls while it is in one of them.
func (s Status) InProgress() bool {
	return slices.Contains([]Status{Sending, Cancelling, Resending, ResendingChange, ResendingError, Deleting, CreatingManifest}, s)
}

// MaxRows is the most shipments one batch may send (spec 2 section 9).
const MaxRows = 2000

// KeyMaxRowsExceeded is the failure of a batch too large to send.
const KeyMaxRowsExceeded = "error.csvMaxRowsExceeded"

// CheckRowCount refuses a batch of more than MaxRows shipments, naming both counts.
func CheckRowCount(rows int) error {
	if rows > MaxRows {
		return failure.New(failure.Invalid, KeyMaxRowsExceeded, "rows", strconv.Itoa(rows), "maxRows", strconv.Itoa(MaxRows))
	}
	return nil
}

// FileNameMaxLength bounds the name an upload is stored and downloaded
// under; file systems allow 255 characters.
const FileNameMaxLength = 255

// CheckFileName refuses a file name longer than FileNameMaxLength, as a
// field error of csvFileName.
func CheckFileName(name string) error {
	if utf8.RuneCountInString(name) > FileNameMaxLength {
		return failure.InvalidFields(failure.FieldViolation{Object: "batch", Field: "csvFileName", Rule: "Size"})
	}
	return nil
}
