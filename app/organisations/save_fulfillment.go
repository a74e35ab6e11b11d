package organisations

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/organisation"
)

// SaveFulfillment validates and stores a fulfillment (id 0 creates one);
// selected customers of other fulfillments move to it. The browser asks
// CustomersToMove first and confirms. Staff work.
func (s Service) SaveFulfillment(ctx context.Context, caller *access.Caller, f organisation.Fulfillment) (organisation.Fulfillment, error) {
	if err := access.Staff.Check(caller); err != nil {
		return organisation.Fulfillment{}, err
	}
	f = f.Normalize()
	if err := organisation.ValidateFulfillment(f); err != nil {
		return organisation.Fulfillment{}, err
	}
	return s.Fulfillments.SaveFulfillment(ctx, f)
}
