// Package invoicereport builds the administrators' monthly and yearly
// invoice report CSV files (spec 3, invoice report).
package invoicereport

import (
	"bytes"
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

// Monthly returns the report of one month.
func (s Service) Monthly(ctx context.Context, year, month int) (File, error) {
	p, err := invoicereport.Monthly(year, month)
	if err != nil {
		return File{}, err
	}
	return s.build(ctx, p)
}

// Yearly returns the report of one year.
func (s Service) Yearly(ctx context.Context, year int) (File, error) {
	p, err := invoicereport.Yearly(year)
	if err != nil {
		return File{}, err
	}
	return s.build(ctx, p)
}

func (s Service) build(ctx context.Context, p invoicereport.Period) (File, error) {
	rows, err := s.Counts.Counts(ctx, p.From, p.To)
	if err != nil {
		return File{}, err
	}
	var b bytes.Buffer
	if err := invoicereport.WriteCSV(&b, rows); err != nil {
		return File{}, err
	}
	return File{Name: p.FileName, CSV: b.Bytes()}, nil
}
