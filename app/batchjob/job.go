// Package batchjob runs the long work of a batch outside the HTTP call:
// send, cancel, resend, delete shipments and manifest creation. A job is
// idempotent and resumable: it works from what the database says is still
// to do, so running it twice, or again after a crash, finishes the batch
// without labelling any shipment twice.
package batchjob

import "context"

// Kind names the work of a job.
type Kind string

// The kinds of batch work.
const (
	Send           Kind = "send"
	Cancel         Kind = "cancel"
	Resend         Kind = "resend"
	DeleteShipment Kind = "delete-shipments"
	// DeleteBatch cancels every label of a batch being deleted, then marks
	// it DELETED. It runs in DELETING too; the batch row's job filter
	// (batch.FilterBatch) tells it from DeleteShipment.
	DeleteBatch Kind = "delete-batch"
	Manifest    Kind = "manifest"
	// SendOne and CancelOne work on the single shipment the job names.
	SendOne   Kind = "send-one"
	CancelOne Kind = "cancel-one"
)

// AllKinds lists every kind, for workers that register a handler per kind:
// a kind missing here would sit in the queue unserved.
var AllKinds = []Kind{Send, Cancel, Resend, DeleteShipment, DeleteBatch, Manifest, SendOne, CancelOne}

// Job is one piece of batch work; the batch row holds the details (label
// type, filter), so the job itself carries only what names it.
type Job struct {
	Kind       Kind
	BatchID    int64
	ShipmentID int64
}

// Queue hands jobs to the workers. Enqueueing a job already queued or
// running for the same batch, kind and shipment is not an error and adds nothing.
type Queue interface {
	Enqueue(ctx context.Context, j Job) error
}
