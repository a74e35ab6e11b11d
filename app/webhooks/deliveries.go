package webhooks

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/webhook"
)

// DeliveriesMax is how many deliveries the log shows.
const DeliveriesMax = 100

// Deliveries returns the newest deliveries of an endpoint of a customer the
// caller acts for: status, answer time, next try.
func (s Service) Deliveries(ctx context.Context, caller *access.Caller, customerID, endpointID int64) ([]webhook.Delivery, error) {
	if err := Managers.CheckFor(caller, customerID, webhook.ErrNotFound); err != nil {
		return nil, err
	}
	if _, err := s.Store.Get(ctx, customerID, endpointID); err != nil {
		return nil, err
	}
	return s.Store.Deliveries(ctx, customerID, endpointID, DeliveriesMax)
}
