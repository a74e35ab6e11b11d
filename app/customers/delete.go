package customers

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/customer"
)

// Delete removes a customer without shipping history; admins only. A
// customer with batches or shipments is refused (customer.Deletable) and
// stays as it is: its labels, manifests and carrier traffic are the record
// of what the carrier billed.
func (s Service) Delete(ctx context.Context, caller *access.Caller, id int64) error {
	if !caller.IsAdmin() {
		if !caller.CanActFor(id) {
			return customer.ErrNotFound
		}
		return customer.ErrAdminOnly
	}
	if _, err := s.Store.Get(ctx, id); err != nil {
		return err
	}
	has, err := s.History.HasShippingHistory(ctx, id)
	if err != nil {
		return err
	}
	if err := customer.Deletable(has); err != nil {
		return err
	}
	return s.Store.Delete(ctx, id)
}
