// Package invoicereports builds the administrators' monthly and yearly
// invoice report CSV files (spec 3, invoice report).
package invoicereports

import (
	"context"
	"time"

	"parcelportal/core/invoicereport"
)

// InvoiceCounts counts invoices per customer.
type InvoiceCounts interface {
	// Counts returns, per customer with at least one invoice in
	// [from, to), the number of commercial invoices and of chargeable
	// invoices, ordered by customer name then id.
	Counts(ctx context.Context, from, to time.Time) ([]invoicereport.Row, error)
}

// Service holds the report use cases.
type Service struct{ Counts InvoiceCounts }

// File is a report ready to download.
type File struct {
	Name string
	CSV  []byte
}
