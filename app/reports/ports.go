// Package reports holds the shipment report of spec 2 section 2.4: the
// search over every shipment the caller may see (batch rows and single
// parcels alike) and its exports: the result as Excel, the labels and the
// commercial invoices of the result or of a selection. Every read is scoped
// to the customers the caller may act for; a criterion naming another
// customer is refused as that customer does not exist for the caller.
package reports

import (
	"context"
	"io"

	"parcelportal/app/batches"
	"parcelportal/app/clock"
	"parcelportal/core/customer"
	"parcelportal/core/invoice"
	"parcelportal/core/reference"
	"parcelportal/core/report"
)

// Query is a checked search within a scope.
type Query struct {
	report.Search
	// Customers scopes the search; empty means every customer, which only
	// staff reach.
	Customers []int64
}

// Document is a shipment's label as stored.
type Document struct {
	ShipmentID  int64
	LabelType   string
	ContentType string
	Data        []byte
}

// InvoiceRow is a labelled shipment with the row its invoice is made from.
type InvoiceRow struct {
	ShipmentID int64
	CustomerID int64
	Labelled   invoice.Labelled
}

// Store reads the report.
//
// Contract: Search answers the page of rows the query selects, in its order
// (then newest id first), with the total counted up to report.MaxCount
// (TotalCapped when it stopped there). Each calls fn with every row the
// query selects, in order, ignoring the query's page, and answers
// report.ErrReduceSearchCriteria without calling fn when more than limit
// rows match. IDs answers the ids of the query's rows, at most limit, with
// the same refusal. Rows answers the rows of the given shipment ids within
// the scope (ids outside it are left out), in id order. Labels answers
// the labels of the given shipments that hold one and are not cancelled,
// in id order; Invoices their validated rows with tracking numbers.
type Store interface {
	Search(ctx context.Context, q Query) (report.Page, error)
	Each(ctx context.Context, q Query, limit int, fn func(report.Row) error) error
	IDs(ctx context.Context, q Query, limit int) ([]int64, error)
	Rows(ctx context.Context, customers []int64, ids []int64) ([]report.Row, error)
	Labels(ctx context.Context, ids []int64) ([]Document, error)
	Invoices(ctx context.Context, ids []int64) ([]InvoiceRow, error)
}

// InvoiceStore keeps the commercial invoices made from the report.
//
// Contract: Save stores the invoices (each one customer's shipments under
// one number) in one transaction and answers them with their ids and
// creation times; a number already stored for one of their CRM ids is
// invoice.ErrNumberTaken, a shipment already on an invoice
// invoice.ErrAlreadyInvoiced, and then nothing is stored (of two identical
// concurrent calls one succeeds, the other is refused). NumberTaken answers
// whether the number is stored for any of the CRM ids. ByNumber answers the
// invoices of that number of the given customers (nil: any), with their
// shipments in order, by CRM id. ForShipments answers the invoices holding
// any of the shipments, each with all its shipments, by id.
type InvoiceStore interface {
	Save(ctx context.Context, invoices []invoice.Stored) ([]invoice.Stored, error)
	NumberTaken(ctx context.Context, number string, crmIDs []string) (bool, error)
	ByNumber(ctx context.Context, customers []int64, number string) ([]invoice.Stored, error)
	ForShipments(ctx context.Context, ids []int64) ([]invoice.Stored, error)
}

// Customers reads the customers an invoice names as seller.
type Customers interface {
	Get(ctx context.Context, id int64) (customer.Customer, error)
}

// Catalogs reads the carrier's reference data: the customs union the
// invoice's declaration depends on.
type Catalogs interface {
	Catalog(ctx context.Context) (reference.Catalog, error)
}

// Sheet writes a spreadsheet: one header row, then the rows fn yields, as
// a stream, to w. Cells are strings, float64 (numbers) or time.Time
// (dates, shown DD.MM.YYYY).
type Sheet interface {
	Write(w io.Writer, header []string, rows func(yield func([]any) error) error) error
}

// MergePDF joins PDF documents into one, page after page.
type MergePDF func(docs [][]byte) ([]byte, error)

// InvoiceRenderer renders commercial invoices as one PDF.
type InvoiceRenderer interface {
	RenderCommercialInvoices(invoices []invoice.Commercial) ([]byte, error)
}

// Service holds the report use cases.
type Service struct {
	Store     Store
	Customers Customers
	Sheet     Sheet
	Merge     MergePDF
	Renderer  InvoiceRenderer
	// Stored keeps the commercial invoices made with the invoice dialog.
	Stored InvoiceStore
	// Catalogs gives the customs union of the invoice's defaults.
	Catalogs Catalogs
	Now      clock.Clock
}

// File is a download, as the batch downloads give it.
type File = batches.File

// Content types of the downloads.
const (
	ContentPDF  = batches.ContentPDF
	ContentZPL  = batches.ContentZPL
	ContentXLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
)
