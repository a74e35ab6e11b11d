package batches

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/batch"
)

// List pages the batches of a customer the caller may act for, newest first.
func (s Service) List(ctx context.Context, caller *access.Caller, customerID int64, page, size int) ([]View, int, error) {
	if err := forCustomer(caller, customerID); err != nil {
		return nil, 0, err
	}
	page, size, err := batch.Page(page, size)
	if err != nil {
		return nil, 0, err
	}
	list, total, err := s.Batches.List(ctx, customerID, page, size)
	if err != nil {
		return nil, 0, err
	}
	out := make([]View, len(list))
	for i, b := range list {
		out[i] = viewOf(caller, b)
	}
	return out, total, nil
}
