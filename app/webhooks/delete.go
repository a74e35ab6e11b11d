package webhooks

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/webhook"
)

// Delete removes an endpoint of a customer the caller acts for, with its
// delivery log; its pending deliveries are not tried again.
func (s Service) Delete(ctx context.Context, caller *access.Caller, customerID, id int64) error {
	if err := Managers.CheckFor(caller, customerID, webhook.ErrNotFound); err != nil {
		return err
	}
	return s.Store.Delete(ctx, customerID, id)
}
