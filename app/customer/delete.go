package customer

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/customer"
)

// Delete removes a customer; admins only.
func (s Service) Delete(ctx context.Context, caller *access.Caller, id int64) error {
	if !caller.IsAdmin() {
		if !caller.CanActFor(id) {
			return customer.ErrNotFound
		}
		return customer.ErrAdminOnly
	}
	return s.Store.Delete(ctx, id)
}
