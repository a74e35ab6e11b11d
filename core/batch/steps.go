package batch

import "parcelportal/core/failure"

// Step is something that moves a batch on: a person's request, or a job
// finishing its work.
type Step string

// Steps of a batch's life.
const (
	StartSend         Step = "startSend"
	StartCancel       Step = "startCancel"
	StartResendAll    Step = "startResendAll"
	StartResendChange Step = "startResendChanged"
	StartResendError  Step = "startResendError"
	StartDelete       Step = "startDeleteShipments"
	// StartDeleteBatch deletes a batch that holds labels: the batch is
	// DELETING while its labels are cancelled at the carrier (see
	// DeleteGoesThroughCarrier).
	StartDeleteBatch Step = "startDeleteBatch"
	StartManifest    Step = "startManifest"
	JobSucceeded     Step = "jobSucceeded"
	JobFailed        Step = "jobFailed"
	// JobDeletedBatch ends the job of StartDeleteBatch: every label is
	// cancelled and the batch is DELETED. The batch is kept rather than
	// removed: the cancel exchanges are the portal's record, towards the
	// carrier and its invoices, that those labels were voided, and staff
	// read them in the batch's traffic; removing the batch would take them
	// with it. A failed cancel ends the job with JobFailed instead (ERROR_SEND
	// with the reason), so the batch and its live labels are never lost.
	JobDeletedBatch Step = "jobDeletedBatch"
	// JobEmptiedBatch ends a delete of shipments that left the batch with
	// none: nothing of it is at the carrier any more, so it is CREATED
	// again, its grid editable and Send offered, rather than a SENT batch
	// with nothing sent.
	JobEmptiedBatch Step = "jobEmptiedBatch"
)

// KeyNotAllowedNow is the failure of a step the batch's status does not allow.
const KeyNotAllowedNow = "error.batch.notAllowedInStatus"

// Next returns the status that follows step, or a Conflict failure when
// the step does not apply to the status. admin matters for cancelling a
// send and regenerating a manifest (spec 2 section 6).
func Next(current Status, step Step, admin bool) (Status, error) {
	if next, ok := next(current, step, admin); ok {
		return next, nil
	}
	return current, NotAllowedNow(current, string(step))
}

// NotAllowedNow is the failure of a step or request (a download, a row
// edit) that status s does not allow.
func NotAllowedNow(s Status, step string) *failure.Error {
	return &failure.Error{Kind: failure.Conflict, Key: KeyNotAllowedNow,
		Params: map[string]string{"status": string(s), "step": step}, Entity: Object}
}

func next(current Status, step Step, admin bool) (Status, bool) {
	switch step {
	case StartSend:
		return Sending, current == Created
	case StartCancel:
		return Cancelling, current == Sending && admin
	case StartResendAll, StartResendChange, StartResendError:
		return resendStatus[step], current == Sent || current == ErrorSend || current == Cancelled
	case StartDelete:
		return Deleting, current == Sent
	case StartDeleteBatch:
		return Deleting, Removable(current)
	case StartManifest:
		return CreatingManifest, manifestable(current, admin)
	case JobSucceeded:
		s, ok := succeeded[current]
		return s, ok
	case JobFailed:
		s, ok := failed[current]
		return s, ok
	case JobDeletedBatch:
		return Deleted, current == Deleting
	case JobEmptiedBatch:
		return Created, current == Deleting
	}
	return current, false
}

var resendStatus = map[Step]Status{StartResendAll: Resending, StartResendChange: ResendingChange, StartResendError: ResendingError}

// succeeded and failed name where a job's end leads, by the status it ran in.
var (
	succeeded = map[Status]Status{
		Sending: Sent, Cancelling: Cancelled, Resending: Sent, ResendingChange: Sent, ResendingError: Sent,
		Deleting: Sent, CreatingManifest: ManifestCreated,
	}
	failed = map[Status]Status{
		Sending: ErrorSend, Cancelling: ErrorSend, Resending: ErrorSend, ResendingChange: ErrorSend, ResendingError: ErrorSend,
		Deleting: ErrorSend, CreatingManifest: ErrorManifest,
	}
)

// manifestable: a sent or cancelled batch gets its manifest; admins may
// regenerate one that failed or exists (spec 2 section 4.2).
func manifestable(s Status, admin bool) bool {
	switch s {
	case Sent, Cancelled:
		return true
	case ErrorManifest, ManifestCreated:
		return admin
	}
	return false
}

// Start begins the job of a person's step on the batch: a step its status
// does not allow is refused as Next refuses it; prepare (optional) checks
// the batch as it is and records the job's details on it; then the batch
// takes the step's status with no progress and no error of an earlier job.
// On any refusal the status stays.
func (b *Batch) Start(step Step, admin bool, prepare func(*Batch) error) error {
	next, err := Next(b.Status, step, admin)
	if err != nil {
		return err
	}
	if prepare != nil {
		if err := prepare(b); err != nil {
			return err
		}
	}
	b.Status, b.Processed, b.ErrorMessage = next, 0, ""
	return nil
}
