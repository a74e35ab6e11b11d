package organisations

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/organisation"
)

// GetFulfillment returns one fulfillment with its customers (staff).
func (s Service) GetFulfillment(ctx context.Context, caller *access.Caller, id int64) (organisation.Fulfillment, error) {
	if err := access.Staff.Check(caller); err != nil {
		return organisation.Fulfillment{}, err
	}
	return s.Fulfillments.GetFulfillment(ctx, id)
}
