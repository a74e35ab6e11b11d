package organisation

import (
	"context"

	"parcelportal/core/organisation"
)

// ListFulfillments returns a page of fulfillments.
func (s Service) ListFulfillments(ctx context.Context, p Page) ([]organisation.Fulfillment, int, error) {
	if p.Size <= 0 {
		p.Size = DefaultPageSize
	}
	p.Page = max(p.Page, 0)
	return s.Fulfillments.ListFulfillments(ctx, p)
}

// GetFulfillment returns one fulfillment with its customers.
func (s Service) GetFulfillment(ctx context.Context, id int64) (organisation.Fulfillment, error) {
	return s.Fulfillments.GetFulfillment(ctx, id)
}

// SaveFulfillment validates and stores a fulfillment (id 0 creates one);
// selected customers of other fulfillments move to it. The browser asks
// CustomersToMove first and confirms.
func (s Service) SaveFulfillment(ctx context.Context, f organisation.Fulfillment) (organisation.Fulfillment, error) {
	f = f.Normalize()
	if err := organisation.ValidateFulfillment(f); err != nil {
		return organisation.Fulfillment{}, err
	}
	return s.Fulfillments.SaveFulfillment(ctx, f)
}

// DeleteFulfillment removes a fulfillment; its customers stay.
func (s Service) DeleteFulfillment(ctx context.Context, id int64) error {
	return s.Fulfillments.DeleteFulfillment(ctx, id)
}

// CustomersToMove lists the selected customers that belong to a fulfillment
// other than fulfillmentID (0 for a new one): the save confirmation.
func (s Service) CustomersToMove(ctx context.Context, fulfillmentID int64, selected []int64) ([]organisation.Membership, error) {
	all, err := s.Fulfillments.Memberships(ctx)
	if err != nil {
		return nil, err
	}
	return organisation.CustomersOfOthers(fulfillmentID, selected, all), nil
}

// CustomerChoices lists every customer with its fulfillment, for the
// selects of the fulfillment and user-data screens.
func (s Service) CustomerChoices(ctx context.Context) ([]organisation.Membership, error) {
	return s.Fulfillments.Memberships(ctx)
}
