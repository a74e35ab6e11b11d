package invoicereports

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/invoicereport"
)

// Yearly returns the report of one year, for the admins alone.
func (s Service) Yearly(ctx context.Context, caller *access.Caller, year int) (File, error) {
	if err := access.Admins.Check(caller); err != nil {
		return File{}, err
	}
	p, err := invoicereport.Yearly(year)
	if err != nil {
		return File{}, err
	}
	return s.build(ctx, p)
}
