package batch

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/batch"
	"parcelportal/core/customer"
)

// Page size limits: the lists offer 10 to 500 rows (spec 2 section 9); a
// script may read a whole batch's shipments at once.
const (
	DefaultPageSize = 10
	MaxPageSize     = batch.MaxRows
)

func pageOf(page, size int) (int, int) {
	if size <= 0 {
		size = DefaultPageSize
	}
	return max(page, 0), min(size, MaxPageSize)
}

// List pages the batches of a customer the caller may act for, newest first.
func (s Service) List(ctx context.Context, caller *access.Caller, customerID int64, page, size int) ([]View, int, error) {
	if customerID <= 0 {
		return nil, 0, batch.ErrChooseCustomer
	}
	if !caller.CanActFor(customerID) {
		return nil, 0, customer.ErrNotFound
	}
	page, size = pageOf(page, size)
	list, total, err := s.Store.List(ctx, customerID, page, size)
	if err != nil {
		return nil, 0, err
	}
	out := make([]View, len(list))
	for i, b := range list {
		out[i] = viewOf(caller, b)
	}
	return out, total, nil
}
