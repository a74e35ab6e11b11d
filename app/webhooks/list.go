package webhooks

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/webhook"
)

// List returns the endpoints of a customer the caller acts for, without
// their secrets.
func (s Service) List(ctx context.Context, caller *access.Caller, customerID int64) ([]webhook.Endpoint, error) {
	if err := Managers.CheckFor(caller, customerID, webhook.ErrNotFound); err != nil {
		return nil, err
	}
	list, err := s.Store.List(ctx, customerID)
	for i := range list {
		list[i].Secret = ""
	}
	return list, err
}
