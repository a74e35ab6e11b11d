package webhooks

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/webhook"
)

// SetEnabled enables or disables an endpoint of a customer the caller acts
// for. Enabling starts a new run: the failures before it no longer count.
func (s Service) SetEnabled(ctx context.Context, caller *access.Caller, customerID, id int64, enabled bool) error {
	if err := Managers.CheckFor(caller, customerID, webhook.ErrNotFound); err != nil {
		return err
	}
	return s.Store.SetEnabled(ctx, customerID, id, enabled)
}
