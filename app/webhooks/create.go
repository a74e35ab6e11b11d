package webhooks

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/failure"
	"parcelportal/core/webhook"
)

// Create registers an endpoint for a customer the caller acts for, on an
// address the server may reach, with a new signing secret. The returned
// endpoint carries the secret: the only time it is shown.
func (s Service) Create(ctx context.Context, caller *access.Caller, e webhook.Endpoint) (webhook.Endpoint, error) {
	if err := Managers.CheckFor(caller, e.CustomerID, webhook.ErrNotFound); err != nil {
		return webhook.Endpoint{}, err
	}
	e.ID, e.Enabled, e.DisabledReason = 0, true, ""
	e.Normalize()
	if err := e.Validate(s.AllowHTTP); err != nil {
		return webhook.Endpoint{}, err
	}
	existing, err := s.Store.List(ctx, e.CustomerID)
	if err != nil {
		return webhook.Endpoint{}, err
	}
	if len(existing) >= webhook.EndpointsMax {
		return webhook.Endpoint{}, failure.New(failure.Conflict, webhook.KeyTooMany)
	}
	if err := s.Sender.Check(ctx, e.URL); err != nil {
		return webhook.Endpoint{}, err
	}
	if e.Secret, err = webhook.NewSecret(s.Random); err != nil {
		return webhook.Endpoint{}, err
	}
	return s.Store.Create(ctx, e)
}
