// Package batches holds the CSV batch use cases of spec 2: upload and
// validation, the grid's reads and edits, the commands that start the
// batch's jobs (send, cancel, resend, delete shipments, manifest), the
// downloads, and the shipment list and detail. Every read and write is
// scoped to the customers the caller may act for: a batch of another
// customer does not exist for the caller.
package batches

import (
	"context"
	"time"

	"parcelportal/app/batchjob"
	"parcelportal/app/clock"
	"parcelportal/app/gate"
	"parcelportal/core/access"
	"parcelportal/core/batch"
	"parcelportal/core/batchcsv"
	"parcelportal/core/customer"
	"parcelportal/core/invoice"
	"parcelportal/core/linkdownload"
	"parcelportal/core/reference"
	"parcelportal/core/shipment"
)

// Batches keeps batches.
//
// Contract: Create stores the batch, its file and its rows (positions from
// 1 in the given order) in one transaction and returns the stored batch
// with id, CreatedAt, RowCount, InvalidRows and HasInvoice set from the rows.
// Get, Update and Delete of an unknown id are NotFound failures with key
// KeyNotFound. Update locks the batch, calls change and stores what change
// left of the status, sent at/by, label type, job filter, processed, total
// and error message, all in one transaction; an error from change aborts it
// and is returned as is; it stores the error parameters and who sent it
// with them, and Create who created it. Delete locks the batch, asks allow,
// and removes the batch with its rows, shipments and traffic. List answers
// the customer's batches newest first (created at, then id) and the total.
// Get and List fill Counts; Open counts shipments PENDING or SUBMITTING.
type Batches interface {
	Create(ctx context.Context, b batch.Batch, csv []byte, rows []shipment.Validated) (batch.Batch, error)
	Get(ctx context.Context, id int64) (batch.Batch, error)
	List(ctx context.Context, customerID int64, page, size int) ([]batch.Batch, int, error)
	Update(ctx context.Context, id int64, change func(*batch.Batch) error) (batch.Batch, error)
	Delete(ctx context.Context, id int64, allow func(batch.Batch) error) error
}

// Rows keeps the grid rows of batches.
//
// Contract: Rows answers a batch's rows by position, only the invalid ones
// when asked. RowPage answers the page of those rows (Page from 0, Size
// rows; a page past the last is empty), how many rows all pages hold, and
// the most order lines of any row of the batch, invalid or not. Row of an unknown id is a NotFound failure with key
// KeyRowNotFound. UpdateRow locks the batch and the row (of that batch, else
// KeyRowNotFound), calls change with the batch, the row and whether the
// row's shipment holds a label that is not cancelled, stores the row's
// fields, order lines, validity and changed flag, recomputes the batch's
// InvalidRows and HasInvoice, and answers both, all in one transaction.
type Rows interface {
	Rows(ctx context.Context, batchID int64, onlyInvalid bool) ([]batch.ValidatedShipment, error)
	RowPage(ctx context.Context, q RowQuery) (RowPage, error)
	Row(ctx context.Context, id int64) (batch.ValidatedShipment, error)
	UpdateRow(ctx context.Context, batchID, rowID int64, change func(b batch.Batch, r *batch.ValidatedShipment, labelled bool) error) (batch.ValidatedShipment, batch.Batch, error)
}

// RowQuery selects a page of a batch's grid rows.
type RowQuery struct {
	BatchID     int64
	OnlyInvalid bool
	Page, Size  int
}

// RowPage is a page of grid rows with what the grid needs of all of them.
type RowPage struct {
	Rows          []batch.ValidatedShipment
	Total         int
	MaxOrderLines int
}

// ShipmentQuery selects shipments: of one batch (by position) or of one
// customer (newest first), through a filter.
type ShipmentQuery struct {
	BatchID    int64
	CustomerID int64
	Filter     batch.Filter
	Page, Size int
}

// Shipments reads what the carrier made of the rows, and removes one.
//
// Contract: Shipments answers a page and the total; ERROR selects shipments
// that failed with an error message, CHANGED those whose row was edited
// after labelling. Shipment of an unknown id is a NotFound failure with key
// KeyShipmentNotFound. DeleteShipment locks the shipment's batch, asks allow
// and removes the shipment with its traffic, and clears its row's changed
// flag (the row has no shipment left to send again).
type Shipments interface {
	Shipments(ctx context.Context, q ShipmentQuery) ([]batch.Shipment, int, error)
	Shipment(ctx context.Context, id int64) (batch.Shipment, error)
	DeleteShipment(ctx context.Context, id int64, allow func(batch.Batch, batch.Shipment) error) error
}

// Document is a stored file of a shipment: a label or a customs document.
type Document struct {
	ShipmentID  int64
	LabelType   string
	ContentType string
	Data        []byte
}

// Exchange is one SOAP exchange kept for a batch, as the traffic download
// shows it: the request or the response, with what names the exchange.
type Exchange struct {
	// Operation is addAndPrint, find, cancel or createManifest.
	Operation string
	// ShipmentID is 0 for the batch's own exchanges (a manifest, the
	// exchanges of a shipment that was removed).
	ShipmentID int64
	At         time.Time
	Text       string
}

// Documents reads the files of a batch for downloads.
//
// Contract: Labels and CustomsDocs answer the documents of the batch's
// shipments that are not cancelled, by position. CSV answers the file as
// uploaded; Manifest the manifest document and when it was made, nil when
// there is none. ShipmentLabel answers one shipment's label, a nil Data
// when it has none.
type Documents interface {
	CSV(ctx context.Context, batchID int64) ([]byte, error)
	Manifest(ctx context.Context, batchID int64) ([]byte, time.Time, error)
	Labels(ctx context.Context, batchID int64) ([]Document, error)
	CustomsDocs(ctx context.Context, batchID int64) ([]Document, error)
	ShipmentLabel(ctx context.Context, shipmentID int64) (Document, error)
}

// Exchanges reads the carrier traffic staff download and read.
//
// Contract: Traffic answers every request (or response) exchanged for the
// batch, in order, with its operation, shipment and time. ShipmentTraffic
// answers the last exchange a shipment shows; an unknown id is a NotFound
// failure with key KeyShipmentNotFound.
type Exchanges interface {
	Traffic(ctx context.Context, batchID int64, responses bool) ([]Exchange, error)
	ShipmentTraffic(ctx context.Context, id int64) (request, response string, err error)
}

// Customers reads the customer a batch ships for.
type Customers interface {
	Get(ctx context.Context, id int64) (customer.Customer, error)
}

// HubCountries names the country of a hub; validation depends on it.
type HubCountries interface {
	HubCountry(ctx context.Context, hubID int64) (string, error)
}

// Catalogs reads the carrier's reference data.
type Catalogs interface {
	Catalog(ctx context.Context) (reference.Catalog, error)
}

// MergePDF joins PDF documents into one, page after page.
type MergePDF func(docs [][]byte) ([]byte, error)

// Workbooks read batch uploads made as Excel workbooks (.xlsx).
//
// Contract: Rows answers the header and the rows with a value of the
// workbook's batch sheet (the visible sheet named batchcsv.SheetName, else
// the first visible one), each cell as the spreadsheet shows it, a
// formula's saved value, never evaluated; a file that is no workbook is
// batchcsv.KeyNotWorkbook, and more rows than a batch may have are
// refused with batch.CheckRowCount's failure.
type Workbooks interface {
	Rows(data []byte) (header []string, rows []batchcsv.Row, err error)
	// Template writes the batch template: the header and the example row
	// on the sheet batchcsv.SheetName, every cell text.
	Template(header, example []string) ([]byte, error)
}

// InvoiceRenderer renders commercial invoices as one PDF.
type InvoiceRenderer interface {
	RenderCommercialInvoices(invoices []invoice.Commercial) ([]byte, error)
}

// Service holds the batch and shipment use cases. The batch store is
// given port by port, so each use case names what it reads and writes;
// one adapter (postgres.Batches, memory.Batches) serves them all.
type Service struct {
	Batches   Batches
	Rows      Rows
	Shipments Shipments
	Documents Documents
	Exchanges Exchanges
	Customers Customers
	Hubs      HubCountries
	Catalogs  Catalogs
	Queue     batchjob.Queue
	Merge     MergePDF
	Invoices  InvoiceRenderer
	Tokens    DownloadTokens
	Uploads   gate.Gate
	// Workbooks reads .xlsx uploads; nil refuses them as a binary file.
	Workbooks Workbooks
	// Progress tells which batches the worker changed; nil refuses Watch.
	Progress ProgressFeed
	Now      clock.Clock
}

// DownloadTokens issues the tokens of link downloads (app/downloadtoken).
type DownloadTokens interface {
	Issue(ctx context.Context, caller *access.Caller, purpose linkdownload.Purpose, resource string) (linkdownload.Token, error)
}
