package organisations

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/organisation"
)

// CustomersToMove lists the selected customers that belong to a fulfillment
// other than fulfillmentID (0 for a new one): the save confirmation (staff).
func (s Service) CustomersToMove(ctx context.Context, caller *access.Caller, fulfillmentID int64, selected []int64) ([]organisation.Membership, error) {
	if err := access.Staff.Check(caller); err != nil {
		return nil, err
	}
	all, err := s.Fulfillments.Memberships(ctx)
	if err != nil {
		return nil, err
	}
	return organisation.CustomersOfOthers(fulfillmentID, selected, all), nil
}
