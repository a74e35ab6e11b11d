// Package webhooks holds the use cases of integrators' webhooks: a
// customer's users and API logins register HTTPS endpoints for the
// customer's events, see each endpoint's delivery log and send it a test
// event; the portal records events as deliveries in Postgres and a worker
// posts them, signed, trying again on the backoff of core/webhook for more
// than a day and disabling an endpoint that fails for a day, with a mail.
// An event is recorded only for the customer it concerns and goes only to
// that customer's endpoints.
package webhooks

import (
	"context"
	"io"
	"time"

	"parcelportal/core/access"
	"parcelportal/core/webhook"
)

// Managers may manage a customer's endpoints: the customer's users and its
// integrators' API logins, a fulfillment's users for the customers it acts
// for, and staff admins for any customer.
var Managers = access.AnyOf(access.Admin, access.SuperAdmin, access.User, access.API)

// Store keeps the endpoints and their delivery logs. Every call names the
// customer: another customer's endpoint is webhook.ErrNotFound.
type Store interface {
	// List returns the customer's endpoints by id, without secrets.
	List(ctx context.Context, customerID int64) ([]webhook.Endpoint, error)
	// Get returns one endpoint of the customer, without its secret.
	Get(ctx context.Context, customerID, id int64) (webhook.Endpoint, error)
	// Create stores a new endpoint with its secret and sets its ID and
	// CreatedAt.
	Create(ctx context.Context, e webhook.Endpoint) (webhook.Endpoint, error)
	// SetEnabled enables or disables the customer's endpoint; enabling
	// clears its run of failures and the reason it was disabled.
	SetEnabled(ctx context.Context, customerID, id int64, enabled bool) error
	// Delete removes the endpoint and its delivery log.
	Delete(ctx context.Context, customerID, id int64) error
	// Deliveries returns the endpoint's newest deliveries first.
	Deliveries(ctx context.Context, customerID, endpointID int64, limit int) ([]webhook.Delivery, error)
}

// Outbox records events and the deliveries they make, and hands deliveries
// to the worker.
type Outbox interface {
	// Record stores the event and one pending delivery, due now, to each
	// enabled endpoint of the event's customer that subscribes to its type
	// (only to endpointID when it is not 0), and returns the deliveries'
	// ids. An event id already recorded records nothing again.
	Record(ctx context.Context, e webhook.Event, endpointID int64) ([]int64, error)
	// Attempt returns a pending delivery with its endpoint (and secret) and
	// its event; ok is false when it is not pending any more.
	Attempt(ctx context.Context, deliveryID int64) (a Attempt, ok bool, err error)
	// Finish stores an attempt's result and the endpoint's run of
	// failures: cleared on success, started at the attempt's time on the
	// first failure; it reports the endpoint's FailingSince afterwards.
	Finish(ctx context.Context, d webhook.Delivery) (failingSince time.Time, err error)
	// Disable disables a failing endpoint with a reason and fails its
	// pending deliveries.
	Disable(ctx context.Context, endpointID int64, reason string) error
	// Due returns pending deliveries whose next try has come, oldest first.
	Due(ctx context.Context, now time.Time, limit int) ([]int64, error)
	// RecordChanges records the events of committed changes not recorded
	// yet (batch sent, batch failed, manifest created, label cancelled),
	// under ids made of the change, and returns their new deliveries.
	RecordChanges(ctx context.Context, now time.Time) ([]int64, error)
}

// Attempt is what one try of a delivery needs.
type Attempt struct {
	Delivery webhook.Delivery
	Endpoint webhook.Endpoint
	Event    webhook.Event
}

// Queue runs deliveries on the worker.
type Queue interface {
	// Deliver makes the worker try the delivery at (now when zero).
	Deliver(ctx context.Context, deliveryID int64, at time.Time) error
}

// Sender reaches endpoints on the addresses the webhook.Reach rule allows.
type Sender interface {
	// Check refuses a URL whose host does not resolve or resolves to an
	// address the rule refuses.
	Check(ctx context.Context, url string) error
	// Post sends the body with the headers and reports the answer's status
	// and time; an error is a try without an answer.
	Post(ctx context.Context, url string, headers map[string]string, body []byte) (status int, took time.Duration, err error)
}

// Mailer tells a customer's users that an endpoint was disabled.
type Mailer interface {
	EndpointDisabled(ctx context.Context, e webhook.Endpoint) error
}

// Service is the webhooks' use cases.
type Service struct {
	Store  Store
	Outbox Outbox
	Queue  Queue
	Sender Sender
	Mailer Mailer
	// AllowHTTP takes http:// endpoints (outside production).
	AllowHTTP bool
	// Random makes secrets and event ids (crypto/rand.Reader).
	Random io.Reader
	// Now is the clock.
	Now func() time.Time
}

func (s Service) now() time.Time {
	if s.Now == nil {
		return time.Now()
	}
	return s.Now()
}
