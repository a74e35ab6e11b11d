package userdata

import (
	"context"

	"parcelportal/core/access"
)

// Update changes a link's customer and fulfillment (staff).
func (s Service) Update(ctx context.Context, caller *access.Caller, id, customerID, fulfillmentID int64) (Named, error) {
	if err := access.Staff.Check(caller); err != nil {
		return Named{}, err
	}
	l, err := s.Store.Update(ctx, id, dropEmpty(customerID), dropEmpty(fulfillmentID))
	if err != nil {
		return Named{}, err
	}
	u, err := s.Users.FindByLogin(ctx, l.Login)
	return Named{Link: l, User: u}, err
}
