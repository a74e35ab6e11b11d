package printers

import (
	"context"

	"parcelportal/core/access"
)

// Delete removes a customer's network printer (staff).
func (s Service) Delete(ctx context.Context, caller *access.Caller, customerID, id int64) error {
	if err := configures.Check(caller); err != nil {
		return err
	}
	return s.Store.Delete(ctx, customerID, id)
}
