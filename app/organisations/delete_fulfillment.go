package organisations

import (
	"context"

	"parcelportal/core/access"
)

// DeleteFulfillment removes a fulfillment; its customers stay (staff).
func (s Service) DeleteFulfillment(ctx context.Context, caller *access.Caller, id int64) error {
	if err := access.Staff.Check(caller); err != nil {
		return err
	}
	return s.Fulfillments.DeleteFulfillment(ctx, id)
}
