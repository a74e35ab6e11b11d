package parcels

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/parcel"
)

// Row is a parcel as the list and the detail show it, with what the caller
// may do with it.
type Row struct {
	parcel.Parcel
	// Selectable for a manifest (spec 2 section 2.3).
	Selectable bool
}

// Get reads a parcel of a customer the caller may act for.
func (s Service) Get(ctx context.Context, caller *access.Caller, id int64) (Row, error) {
	p, err := s.visible(ctx, caller, id)
	if err != nil {
		return Row{}, err
	}
	c, err := s.Customers.Get(ctx, p.CustomerID)
	if err != nil {
		return Row{}, err
	}
	return Row{Parcel: p, Selectable: p.Selectable(c.APIClient)}, nil
}
