package parcels

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/parcel"
)

// ListQuery is the list's request as the screen sends it.
type ListQuery struct {
	CustomerID                   int64
	ManifestFilter, SourceFilter string
	APIClientFilter              string
	Page, PageSize               int
}

// List pages a customer's parcels, newest first, with the total. The
// API-client filter is for admins; it is ignored for others.
func (s Service) List(ctx context.Context, caller *access.Caller, lq ListQuery) ([]Row, int, error) {
	if err := forCustomer(caller, lq.CustomerID); err != nil {
		return nil, 0, err
	}
	q, err := parcel.ParseQuery(lq.CustomerID, lq.ManifestFilter, lq.SourceFilter, lq.APIClientFilter, lq.Page, lq.PageSize, caller.IsAdmin())
	if err != nil {
		return nil, 0, err
	}
	client, err := s.Customers.APIClient(ctx, lq.CustomerID)
	if err != nil {
		return nil, 0, err
	}
	list, total, err := s.Lister.List(ctx, q)
	if err != nil {
		return nil, 0, err
	}
	rows := make([]Row, len(list))
	for i, p := range list {
		rows[i] = Row{Parcel: p, Selectable: p.Selectable(client)}
	}
	return rows, total, nil
}
