package customers

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/customer"
)

// PageSizes the grid offers; MaxPageSize serves "page 0 size 10000".
var PageSizes = []int{10, 25, 50, 100, 200, 500}

// Page size limits.
const (
	DefaultPageSize = 10
	MaxPageSize     = 10000
)

// List answers a page of the customers the caller may act for, as it may
// see them; the customer list is the customer form's roles'.
func (s Service) List(ctx context.Context, caller *access.Caller, q Query) ([]customer.Customer, int, error) {
	if err := access.FormUsers.Check(caller); err != nil {
		return nil, 0, err
	}
	if q.Size <= 0 {
		q.Size = DefaultPageSize
	}
	q.Size = min(q.Size, MaxPageSize)
	q.Page = max(q.Page, 0)
	switch q.Sort {
	case "name", "crmid", "id":
	default:
		q.Sort = "name"
	}
	q.Scope = nil
	if !seesAll(caller) {
		q.Scope = scope(caller)
	}
	list, total, err := s.Store.List(ctx, q)
	for i := range list {
		list[i] = list[i].ViewFor(caller.IsAdmin())
	}
	return list, total, err
}
