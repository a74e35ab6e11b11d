package invoicereports

import (
	"bytes"
	"context"

	"parcelportal/core/invoicereport"
)

// build counts the period's invoices and writes them as the report's CSV.
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
