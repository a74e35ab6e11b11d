// Package manifests makes manifests of parcels: from a selection
// (POST web/api/manifests) and on each customer's weekly schedule. Both
// gather the parcels into a batch named 'Single Parcels' per hub and
// manifest type (core/manifest) and hand it to the batch manifest job
// (app/batchjob), so progress, download and regenerating work as for any
// batch. A schedule's slot is claimed once in the store, in the transaction
// that gathers its parcels and starts its batches; its outcome is mailed
// once, with the manifests attached.
package manifests

import (
	"context"
	"time"

	"parcelportal/app/batchjob"
	"parcelportal/app/clock"
	"parcelportal/core/batch"
	"parcelportal/core/customer"
	"parcelportal/core/manifest"
)

// Gathering is one manifest to make of parcels: the group (customer, hub,
// manifest type, parcels in row order) and the batch that gathers them, in
// the status its manifest job works in.
type Gathering struct {
	Group manifest.Group
	Batch batch.Batch
}

// Schedule is a customer's active auto-manifest schedule as the scheduler
// reads it: the days and time, the country of the customer's hub (whose
// time zone they are in), and since when it holds.
type Schedule struct {
	CustomerID   int64
	AutoManifest customer.AutoManifest
	HubCountry   string
	Since        time.Time
}

// Plan decides, inside the store's transaction, what becomes of the locked
// parcels (and, for a slot, the customer's SENT batches with labels, which
// it starts by batch.Batch.Start): the batches to create and the batches
// to move on.
type Plan func(parcels []manifest.Parcel, sent []batch.Batch) (gather []Gathering, start []batch.Batch, err error)

// Store gathers parcels into manifests and keeps the slots of the schedules.
//
// Contract: Gather locks the parcels of ids that exist (parcels of any
// customer; missing ids are left out), calls plan with them, and creates
// each gathering's batch (file name manifest.FileName, no CSV, its status,
// hub, manifest type, total and creator) whose rows are the group's parcels
// at positions 1..n, their shipments moved with them, all in one
// transaction; it answers the new batch ids in plan's order. An error from
// plan is returned as is and nothing changes. Two Gathers of one parcel
// never both see it without a manifest.
//
// ClaimSlot inserts the customer's slot; when it exists already it answers
// claimed false and changes nothing. Otherwise, in the same transaction, it
// locks the customer's parcels that have a live label and no manifest and
// its SENT batches that hold labels, calls plan, creates the gatherings,
// stores the started batches' status, total, processed and error, and
// records every batch id on the slot (a slot with none is done at once).
//
// Schedules lists the active schedules. MailNext takes one slot not yet
// mailed whose batches have all left CREATING_MANIFEST and whose retry time
// has come, skipping slots another transaction holds, and calls send with
// it (StaffMailed and CustomerMailed say what an earlier attempt sent).
// In the same transaction it marks what send reports sent, counts an
// attempt that failed (keeping its error, and not trying again for the
// store's retry time), and closes the slot when send reports it done;
// found is false when there is none.
type Store interface {
	Gather(ctx context.Context, ids []int64, plan Plan) ([]int64, error)
	ClaimSlot(ctx context.Context, customerID int64, slot time.Time, plan Plan) (claimed bool, batchIDs []int64, err error)
	Schedules(ctx context.Context) ([]Schedule, error)
	MailNext(ctx context.Context, send func(Run) MailResult) (found bool, err error)
}

// MailResult is what one attempt to mail a slot did.
type MailResult struct {
	StaffSent, CustomerSent bool
	// Err is why a mail was not sent; Done closes the slot (all sent, or
	// given up after MaxMailAttempts).
	Err  error
	Done bool
}

// MaxMailAttempts is how often a slot's mails are tried before the slot is
// given up (a recipient the relay refuses for good must not mail the
// others again and again).
const MaxMailAttempts = 5

// Run is a claimed slot whose manifests have ended, with what its mail needs.
type Run struct {
	CustomerID int64
	Slot       time.Time
	// The customer: name, CRM id, language and manifest e-mails.
	CustomerName   string
	CRMID          string
	Language       string
	ManifestEmails []string
	HubCountry     string
	// The tenant's addresses for manifests that succeeded and failed.
	SuccessEmail, FailureEmail string
	Batches                    []RunBatch
	// What earlier attempts sent, and how many failed.
	StaffMailed, CustomerMailed bool
	Attempts                    int
}

// RunBatch is one manifest of a slot as its job left it.
type RunBatch struct {
	ID           int64
	Status       batch.Status
	ManifestType string
	Number       string
	Document     []byte
	ErrorMessage string
}

// Customers reads a customer's manifest type and rules.
type Customers interface {
	Get(ctx context.Context, id int64) (customer.Customer, error)
}

// Mail is one manifest mail: to the tenant's address (Staff) or to the
// customer's manifest e-mails, in the recipients' language.
type Mail struct {
	To       []string
	Staff    bool
	Language string
	Success  bool
	Run      Run
	// Zone is the IANA zone the slot is shown in.
	Zone string
}

// Mailer sends manifest mails with the manifests attached.
type Mailer interface {
	ManifestMail(ctx context.Context, m Mail) error
}

// Service makes manifests from selections and runs the schedules.
type Service struct {
	Store     Store
	Customers Customers
	Queue     batchjob.Queue
	Mailer    Mailer
	// Routing keeps the default routing options; without it no defaults
	// apply.
	Routing RoutingOptions
	// Now is the clock; tests set it.
	Now clock.Clock
}
