package organisations

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/organisation"
)

// CustomerChoices lists every customer with its fulfillment, for the
// selects of the fulfillment and user-data screens (staff).
func (s Service) CustomerChoices(ctx context.Context, caller *access.Caller) ([]organisation.Membership, error) {
	if err := access.Staff.Check(caller); err != nil {
		return nil, err
	}
	return s.Fulfillments.Memberships(ctx)
}
