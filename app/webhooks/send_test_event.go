package webhooks

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/webhook"
)

// SendTestEvent sends a webhook.test event to one endpoint of a customer
// the caller acts for, through the same outbox, queue and delivery log as
// real events; a disabled endpoint gets none.
func (s Service) SendTestEvent(ctx context.Context, caller *access.Caller, customerID, endpointID int64) error {
	if err := Managers.CheckFor(caller, customerID, webhook.ErrNotFound); err != nil {
		return err
	}
	if _, err := s.Store.Get(ctx, customerID, endpointID); err != nil {
		return err
	}
	id, err := EventID(s.Random)
	if err != nil {
		return err
	}
	return s.publish(ctx, webhook.Event{
		ID: id, CustomerID: customerID, Type: webhook.Test, At: s.now(),
		Data: data(map[string]any{"endpointId": endpointID, "message": "This is a test event from the parcel portal."}),
	}, endpointID)
}
