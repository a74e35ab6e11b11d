package invoicereports

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/invoicereport"
)

// Monthly returns the report of one month, for the admins alone: it
// counts every customer's invoices.
func (s Service) Monthly(ctx context.Context, caller *access.Caller, year, month int) (File, error) {
	if err := access.Admins.Check(caller); err != nil {
		return File{}, err
	}
	p, err := invoicereport.Monthly(year, month)
	if err != nil {
		return File{}, err
	}
	return s.build(ctx, p)
}
