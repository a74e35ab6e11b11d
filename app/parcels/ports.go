// Package parcels holds the single-parcel use cases of spec 2 (sections
// 2.3 and 4.5): validate a form, create and update a parcel, label it at
// once through the carrier, download its label and customs declaration,
// read, list, delete and bulk delete. A parcel is a validated shipment
// without a batch, and its label attempts are shipments without a batch
// (core/shipment's life), so reports, tracking and manifests read it as
// any shipment. Every call is scoped to the customers the caller may act
// for: another customer's parcel does not exist for the caller.
package parcels

import (
	"context"
	"time"

	"parcelportal/app/batchjob"
	"parcelportal/app/clock"
	"parcelportal/core/carrier"
	"parcelportal/core/customer"
	"parcelportal/core/parcel"
	"parcelportal/core/reference"
	"parcelportal/core/shipment"
)

// Parcels keeps parcels.
//
// Contract: Create stores a parcel (customer, source, label type, API
// client, creator, validated form) and returns it with ID, UUID, CreatedAt
// and UpdatedAt set. Get of an unknown id, or of a batch row, is a NotFound
// failure with key parcel.KeyNotFound; Get fills the manifest batch's
// status and the current label attempt. Update locks the parcel, calls
// change and stores what change left of the validated form and the label
// type, with UpdatedAt now, in one transaction; an error from change
// aborts it and is returned as is. Delete locks the parcel, asks allow, and
// removes it with its label attempts and their carrier traffic.
type Parcels interface {
	Create(ctx context.Context, p parcel.Parcel) (parcel.Parcel, error)
	Get(ctx context.Context, id int64) (parcel.Parcel, error)
	Update(ctx context.Context, id int64, change func(*parcel.Parcel) error) (parcel.Parcel, error)
	Delete(ctx context.Context, id int64, allow func(parcel.Parcel) error) error
}

// Lister pages parcels.
//
// Contract: List answers the query's page of the customer's parcels (never
// batch rows), newest first (created at, then id), and the total. A parcel
// with a manifest batch is MANIFESTED, one without NOT_MANIFESTED; Source
// and APIClient select when set. A listed parcel is Parcel.Listed(): its
// form holds only the cells of parcel.ListedFields, without order lines.
type Lister interface {
	List(ctx context.Context, q parcel.Query) ([]parcel.Parcel, int, error)
}

// Outcome is what became of a label attempt, as a batch job's shipment
// outcome is written (a parcel's has no BatchID); Finish writes it in one
// transaction.
type Outcome = batchjob.Outcome

// Attempts is what labelling and deleting a parcel write of its label
// attempt (one shipment row per parcel, attempt after attempt).
//
// Contract: Claim takes the parcel's label lease until `until`, unless
// another holder's lease runs past now (then parcel.ErrBusy), and answers
// the parcel and its shipment (ok false when it has none), in one
// transaction; an unknown parcel is parcel.ErrNotFound. Release gives the
// lease up. Next stores the shipment as the parcel's attempt: it inserts a
// shipment without an ID (customer, reference, attempt, state, the form's
// receiver, product, service, destination and reference number, the
// parcel's API client) and returns it with its ID, or stores the attempt,
// reference, state and identifier of an existing one and clears its error
// message. Submitting marks it SUBMITTING. Voided clears the earlier
// label it held (identifier, label, customs document) and appends the
// exchanges. Finish writes the outcome with the state it names.
type Attempts interface {
	Claim(ctx context.Context, parcelID int64, now, until time.Time) (p parcel.Parcel, s shipment.Shipment, ok bool, err error)
	Release(ctx context.Context, parcelID int64) error
	Next(ctx context.Context, parcelID int64, s shipment.Shipment) (shipment.Shipment, error)
	Submitting(ctx context.Context, shipmentID int64) error
	Voided(ctx context.Context, shipmentID int64, exchanges []batchjob.Exchange) error
	Finish(ctx context.Context, o Outcome) error
}

// File is a parcel's label or customs declaration.
type File struct {
	ContentType string
	LabelType   string
	Data        []byte
}

// Files reads a parcel's documents.
//
// Contract: Label and CustomsDoc answer the documents of the parcel's
// attempt that is not cancelled; a nil Data when there is none.
type Files interface {
	Label(ctx context.Context, parcelID int64) (File, error)
	CustomsDoc(ctx context.Context, parcelID int64) (File, error)
}

// Customers reads the customer a parcel ships for, with its carrier login.
//
// Contract: APIClient answers the customer's API client alone, without
// reading or opening its sealed credentials (the list needs nothing else);
// both calls answer customer.ErrNotFound for an unknown customer.
type Customers interface {
	Get(ctx context.Context, id int64) (customer.Customer, error)
	APIClient(ctx context.Context, id int64) (string, error)
}

// HubCountries names the country of a hub; validation and the sender depend on it.
type HubCountries interface {
	HubCountry(ctx context.Context, hubID int64) (string, error)
}

// Catalogs reads the carrier's reference data.
type Catalogs interface {
	Catalog(ctx context.Context) (reference.Catalog, error)
}

// Service holds the parcel use cases.
type Service struct {
	Parcels   Parcels
	Lister    Lister
	Attempts  Attempts
	Files     Files
	Customers Customers
	Hubs      HubCountries
	Catalogs  Catalogs
	Carrier   carrier.Carrier
	// AddressBook stores receivers on create when the form asks; nil
	// ignores the request (cmd/portal wires the address book).
	AddressBook AddressBook
	// CallTimeout bounds one carrier call; 30 s when zero.
	CallTimeout time.Duration
	// Lease is how long a label call holds its parcel; 2 min when zero.
	Lease time.Duration
	Now   clock.Clock
}
