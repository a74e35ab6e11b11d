package shipment

import (
	"errors"
	"fmt"
	"slices"

	"parcelportal/core/failure"
)

// Status is where a shipment is in its life at the carrier. SUBMITTING is
// stored before the carrier is asked for a label, so a job resumed after a
// crash knows to ask whether the label was made before making one.
type Status string

// Shipment statuses, as they are stored.
const (
	// Pending: to be labelled (a first attempt, or the next one).
	Pending Status = "PENDING"
	// Submitting: the carrier is being asked, or was asked when a job
	// stopped; the label may exist.
	Submitting Status = "SUBMITTING"
	// Done: labelled; the shipment holds the carrier's label.
	Done Status = "DONE"
	// Failed: the carrier refused, or did not answer, this attempt.
	Failed Status = "FAILED"
	// Cancelled: the label was voided at the carrier.
	Cancelled Status = "CANCELLED"
)

// Statuses are every status a shipment may have; Restore refuses any other.
var Statuses = []Status{Pending, Submitting, Done, Failed, Cancelled}

// Open: a job is about to ask, or is asking, the carrier for the label.
func (s Status) Open() bool { return s == Pending || s == Submitting }

// Keys of the failures of a shipment's life.
const (
	// KeyNotAllowedNow: the transition does not apply to the shipment's status.
	KeyNotAllowedNow = "error.shipment.notAllowedInStatus"
	// KeyRowInvalid: only a valid row is sent.
	KeyRowInvalid = "error.shipment.rowInvalid"
)

// ErrBroken is a shipment that breaks the rules of its life (an unknown
// status, no attempt or no reference): a fault of whoever stored or made
// it, not something a person can fix, so it is no failure with a key.
var ErrBroken = errors.New("shipment: breaks the rules of its life")

func broken(status Status, attempt int, reference string) error {
	return fmt.Errorf("%w: status %q, attempt %d, reference %q", ErrBroken, status, attempt, reference)
}

// Shipment is a draft on its way through the carrier, one attempt at a
// time: each attempt has its own reference, so the carrier's Find never
// mistakes an earlier, voided label for the current one. Its status (and
// the label identifier that goes with it) changes only through the methods
// below, which refuse what the life of a shipment does not allow.
type Shipment struct {
	// ID is the store's; zero until stored.
	ID        int64
	Attempt   int
	Reference string
	// Draft is what is sent: the values of the validated row.
	Draft Draft

	status Status
	// identifier is the carrier's parcel number of the label the shipment
	// holds; on a PENDING shipment it names an earlier label to void first.
	identifier string
}

// New makes a shipment from a valid row (a CSV row or a form, validated):
// the row's values are its draft, and it is PENDING under the reference of
// its attempt (1, or the next after shipments of the row that are gone).
// An invalid row is refused: only what passed validation is sent.
func New(row Validated, attempt int, reference string) (Shipment, error) {
	if !row.Valid {
		return Shipment{}, failure.New(failure.Conflict, KeyRowInvalid)
	}
	if attempt < 1 || reference == "" {
		return Shipment{}, broken(Pending, attempt, reference)
	}
	return Shipment{Attempt: attempt, Reference: reference, Draft: row.Draft(), status: Pending}, nil
}

// Restore rebuilds a stored shipment, refusing one that breaks the rules:
// an unknown status, an attempt below 1, no reference.
func Restore(id int64, attempt int, reference string, status Status, identifier string, d Draft) (Shipment, error) {
	if !slices.Contains(Statuses, status) || attempt < 1 || reference == "" {
		return Shipment{}, broken(status, attempt, reference)
	}
	return Shipment{ID: id, Attempt: attempt, Reference: reference, Draft: d, status: status, identifier: identifier}, nil
}

// Status says where the shipment is.
func (s Shipment) Status() Status { return s.status }

// Identifier is the carrier's parcel number of the label the shipment
// holds, or of an earlier label still to void (PENDING); empty when none.
func (s Shipment) Identifier() string { return s.identifier }

// notAllowed is the failure of a transition the status does not allow.
func (s Shipment) notAllowed(step string) error {
	return failure.New(failure.Conflict, KeyNotAllowedNow, "status", string(s.status), "step", step)
}

// move checks that the shipment is in one of from, then takes it to to.
func (s *Shipment) move(step string, to Status, from ...Status) error {
	if !slices.Contains(from, s.status) {
		return s.notAllowed(step)
	}
	s.status = to
	return nil
}

// Submit marks a PENDING shipment SUBMITTING, before the carrier is asked.
func (s *Shipment) Submit() error { return s.move("submit", Submitting, Pending) }

// Label records the carrier's label of an open shipment: it is DONE and
// holds the label's identifier.
func (s *Shipment) Label(identifier string) error {
	if err := s.move("label", Done, Pending, Submitting); err != nil {
		return err
	}
	s.identifier = identifier
	return nil
}

// Fail ends an open shipment's attempt without a label. A label of an
// earlier attempt that could not be voided stays, to be voided by the next.
func (s *Shipment) Fail() error { return s.move("fail", Failed, Pending, Submitting) }

// Cancel records that the shipment's label, if it held or may hold one,
// is voided at the carrier. A cancelled shipment is not cancelled again.
func (s *Shipment) Cancel() error {
	return s.move("cancel", Cancelled, Pending, Submitting, Done, Failed)
}

// Voided forgets the earlier label a PENDING shipment held, once it is
// voided at the carrier (or the carrier no longer knows it).
func (s *Shipment) Voided() error {
	if s.status != Pending {
		return s.notAllowed("voided")
	}
	s.identifier = ""
	return nil
}

// Retry starts the next attempt of a finished shipment, under the
// reference named for it: it is PENDING again. The label of a DONE or
// FAILED one is kept, to be voided before the new one is made; a cancelled
// label is gone.
func (s *Shipment) Retry(reference func(attempt int) string) error {
	from := s.status
	if err := s.move("retry", Pending, Done, Failed, Cancelled); err != nil {
		return err
	}
	if from == Cancelled {
		s.identifier = ""
	}
	s.Attempt++
	s.Reference = reference(s.Attempt)
	return nil
}
