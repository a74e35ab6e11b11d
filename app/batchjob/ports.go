package batchjob

import (
	"context"
	"errors"
	"time"

	"parcelportal/core/batch"
	"parcelportal/core/carrier"
	"parcelportal/core/customer"
	"parcelportal/core/shipment"
)

// Batch is what a job reads of its batch.
type Batch struct {
	ID         int64
	CustomerID int64
	Status     batch.Status
	LabelType  string
	// Filter is the job's selection of shipments (resend, delete); empty
	// means the status decides.
	Filter batch.Filter
	// Prepared: the job of the batch's status has chosen its shipments; a
	// resumed job goes on with them instead of choosing again.
	Prepared bool
	// HubCountry is the country of the customer's hub, the parcels' sender.
	HubCountry string
	// Manifests counts the manifests asked of the carrier so far; the next
	// manifest's reference follows from it.
	Manifests int
}

// Shipment is one shipment as a job works on it: the shipment's life
// (core/shipment), where it sits in its batch, and whether it holds a label.
type Shipment struct {
	BatchID  int64
	Position int
	Success  bool
	shipment.Shipment
}

// Exchange is one call to the carrier as it is kept for staff to read.
type Exchange struct {
	// Operation is addAndPrint, find, cancel or createManifest.
	Operation string
	carrier.Traffic
}

// Carrier operations as exchanges name them.
const (
	OpAddAndPrint    = "addAndPrint"
	OpFind           = "find"
	OpCancel         = "cancel"
	OpCreateManifest = "createManifest"
)

// Outcome is what became of a shipment; Finish writes it in one transaction.
type Outcome struct {
	ShipmentID int64
	BatchID    int64
	// State is DONE, FAILED or CANCELLED, as the shipment's transition
	// (core/shipment) left it; Unfinished keeps the state it had.
	State shipment.Status
	// Label is the label of a DONE shipment, with its label type.
	Label     carrier.Label
	LabelType string
	// ErrorMessage is the message key of why a shipment FAILED, with the
	// values it names in ErrorParams (a carrier's refusal is explained by
	// carrier.Fault.Explain); for a cancel the carrier refused it is kept
	// while the state stays.
	ErrorMessage string
	ErrorParams  map[string]string
	// Traffic is the exchange the shipment shows (soapRequest, soapResponse).
	Traffic carrier.Traffic
	// Exchanges are appended to the shipment's carrier traffic.
	Exchanges []Exchange
	At        time.Time
}

// ErrBusy is returned when another runner works on the batch; the job is
// tried again shortly.
var ErrBusy = errors.New("batchjob: another job works on this batch")

// The runner's ports are the batch store as each part of the runner sees
// it; they say what is still to do, so a job run twice, or again after a
// crash, picks up where it stopped. One adapter serves them all
// (postgres.BatchWork, memory.BatchWork; contract: app/batches/storetest).

// Jobs is what the runner asks of a batch's job as a whole.
//
// Contract: Lock gives one runner a batch until release; another Lock of
// the same batch is ErrBusy. The lock ends with the process that holds it.
// Batch and Status of an unknown batch are NotFound failures. Settle moves
// the batch from one status to another only if it is still in the first,
// sets its error message and parameters (both cleared when empty), clears
// Prepared, and reports whether it moved.
type Jobs interface {
	Lock(ctx context.Context, batchID int64) (release func(), err error)
	Batch(ctx context.Context, batchID int64) (Batch, error)
	// Status is watched by a send, which stops once the batch leaves its status.
	Status(ctx context.Context, batchID int64) (batch.Status, error)
	Settle(ctx context.Context, batchID int64, from, to batch.Status, errorMessage string, errorParams map[string]string) (bool, error)
	// Idle lists the batches in a job's status that no runner holds.
	Idle(ctx context.Context) ([]Batch, error)
}

// Preparing chooses the shipments a job works on, once.
//
// Contract: PrepareSend creates a PENDING shipment (attempt 1) for every
// valid row without one; PrepareResend moves the shipments the filter
// selects (ALL: all, and creates missing ones for valid rows; CHANGED: rows
// edited since labelling, clearing the flag; ERROR: failed with an error
// message) of valid rows to PENDING with the next attempt and reference,
// keeping the identifier of a label still to void. Each, and Begin, sets
// the total to the job's shipments, processed to 0, and Prepared. Every new
// attempt (PrepareResend, PrepareOne) clears the shipment's error message
// and parameters.
type Preparing interface {
	PrepareSend(ctx context.Context, batchID int64) error
	PrepareResend(ctx context.Context, batchID int64, f batch.Filter) error
	// Begin records the number of shipments a cancel, delete or manifest works on.
	Begin(ctx context.Context, batchID int64, total int) error
	// PrepareOne moves a finished shipment to PENDING with the next attempt
	// (as PrepareResend does for one); a PENDING or SUBMITTING one stays.
	// It answers the shipment; ok is false when it is not in the batch or
	// its row is invalid.
	PrepareOne(ctx context.Context, batchID, shipmentID int64) (s Shipment, ok bool, err error)
}

// Labelling is what a send or resend writes as it labels shipments.
//
// Contract: Open lists the batch's PENDING and SUBMITTING shipments by
// position. Finish writes the outcome and its error message and parameters
// together (an outcome without them clears both), and counts the shipment
// as processed when the batch's job is prepared for its current status.
type Labelling interface {
	Open(ctx context.Context, batchID int64) ([]Shipment, error)
	// Submitting marks a PENDING shipment SUBMITTING.
	Submitting(ctx context.Context, shipmentID int64) error
	// Voided clears the label an earlier attempt held once it is cancelled.
	Voided(ctx context.Context, shipmentID int64, exchanges []Exchange) error
	Finish(ctx context.Context, o Outcome) error
	// Succeeded counts the batch's shipments with a label.
	Succeeded(ctx context.Context, batchID int64) (int, error)
}

// Voiding is what a cancel or delete reads and writes as it voids labels.
//
// Contract: Finish as in Labelling; Unfinished and Remove count the
// shipment as processed as Finish does; Unfinished writes the error message
// and parameters together; Remove clears the changed flag of the removed
// shipment's row.
type Voiding interface {
	// Selected lists the shipments of the batch a filter selects, by position.
	Selected(ctx context.Context, batchID int64, f batch.Filter) ([]Shipment, error)
	// Get reads one shipment of the batch; ok is false when there is none.
	Get(ctx context.Context, batchID, shipmentID int64) (Shipment, bool, error)
	Finish(ctx context.Context, o Outcome) error
	// Unfinished keeps a shipment's state but notes why it is not done
	// (a cancel the carrier refused) and counts it as processed.
	Unfinished(ctx context.Context, o Outcome) error
	// Remove deletes a shipment, keeps its exchanges with the batch, and
	// counts it as processed.
	Remove(ctx context.Context, batchID, shipmentID int64, exchanges []Exchange) error
}

// Manifesting is what a manifest job reads and keeps.
type Manifesting interface {
	// Labelled lists the identifiers of the batch's DONE shipments.
	Labelled(ctx context.Context, batchID int64) ([]string, error)
	// SaveManifest keeps the manifest document on the batch.
	SaveManifest(ctx context.Context, batchID int64, m carrier.Manifest, at time.Time) error
	// Log keeps exchanges of the batch that no shipment holds.
	Log(ctx context.Context, batchID int64, exchanges []Exchange) error
}

// Ports are the runner's ports, one field for each part of the runner.
type Ports struct {
	Jobs        Jobs
	Preparing   Preparing
	Labelling   Labelling
	Voiding     Voiding
	Manifesting Manifesting
}

// PortsOf gives every port of the runner to one adapter that serves them all.
func PortsOf[S interface {
	Jobs
	Preparing
	Labelling
	Voiding
	Manifesting
}](s S) Ports {
	return Ports{Jobs: s, Preparing: s, Labelling: s, Voiding: s, Manifesting: s}
}

// Customers reads the customer a batch ships for, with its carrier
// credentials opened (the customer store's Get).
type Customers interface {
	Get(ctx context.Context, id int64) (customer.Customer, error)
}
