package addresses

import (
	"context"

	"parcelportal/core/access"
)

// Delete removes one of the customer's entries.
func (s Service) Delete(ctx context.Context, caller *access.Caller, customerID, id int64) error {
	if err := forCustomer(caller, customerID); err != nil {
		return err
	}
	if _, err := s.visible(ctx, caller, customerID, id); err != nil {
		return err
	}
	return s.Entries.Delete(ctx, customerID, id)
}
