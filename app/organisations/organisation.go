// Package organisations holds the use cases of tenants with hubs and of
// fulfillments (spec 3, tenants and fulfillments), and the organisation lists
// other screens pick from.
package organisations

import (
	"context"

	"parcelportal/core/failure"
	"parcelportal/core/organisation"
)

// Failures of the organisation use cases and stores.
var (
	ErrTenantNotFound      = &failure.Error{Kind: failure.NotFound, Key: "error.url.not.found", Entity: "tenant"}
	ErrTenantExists        = &failure.Error{Kind: failure.Conflict, Key: "error.tenant.exists", Entity: "tenant"}
	ErrTenantInUse         = &failure.Error{Kind: failure.Conflict, Key: "error.tenant.inUse", Entity: "tenant"}
	ErrHubInUse            = &failure.Error{Kind: failure.Conflict, Key: "error.tenant.hubInUse", Entity: "tenant"}
	ErrHubNameTaken        = &failure.Error{Kind: failure.Conflict, Key: "error.tenant.hubNameTaken", Entity: "tenant"}
	ErrFulfillmentNotFound = &failure.Error{Kind: failure.NotFound, Key: "error.url.not.found", Entity: "fulfillment"}
	ErrFulfillmentExists   = &failure.Error{Kind: failure.Conflict, Key: "error.fulfillment.exists", Entity: "fulfillment"}
	ErrUnknownCustomer     = &failure.Error{Kind: failure.Invalid, Key: "error.fulfillment.unknownCustomer", Entity: "fulfillment"}
	ErrNoChecker           = &failure.Error{Kind: failure.Unavailable, Key: "error.credentialCheckUnavailable"}
)

// Page selects a page of a list ordered by name.
type Page struct {
	Page, Size int
}

// DefaultPageSize applies when a page asks for no size.
const DefaultPageSize = 20

// TenantStore keeps tenants with their hubs and credentials. Credentials go
// in and come out in clear; the store keeps them encrypted.
type TenantStore interface {
	// ListTenants returns a page of tenants by subsidiary, and the total.
	ListTenants(ctx context.Context, p Page) ([]organisation.Tenant, int, error)
	// GetTenant of a missing id is ErrTenantNotFound.
	GetTenant(ctx context.Context, id int64) (organisation.Tenant, error)
	// CreateTenant stores a valid tenant and its hubs; a name taken is
	// ErrTenantExists.
	CreateTenant(ctx context.Context, t organisation.Tenant) (organisation.Tenant, error)
	// UpdateTenant reads the tenant, lets change turn it into the new one and
	// stores that in one transaction: hubs with an id are updated, hubs
	// without are added, missing hubs are removed (ErrHubInUse when a
	// customer is served from one). An error from change stores nothing.
	UpdateTenant(ctx context.Context, id int64, change func(organisation.Tenant) (organisation.Tenant, error)) (organisation.Tenant, error)
	// DeleteTenant removes the tenant and its hubs; ErrTenantInUse when a
	// customer is served from one of them, ErrTenantNotFound when missing.
	DeleteTenant(ctx context.Context, id int64) error
}

// FulfillmentStore keeps fulfillments and their customers. A customer
// belongs to at most one fulfillment: saving a fulfillment with a customer
// of another one moves it.
type FulfillmentStore interface {
	// ListFulfillments returns a page by name, and the total.
	ListFulfillments(ctx context.Context, p Page) ([]organisation.Fulfillment, int, error)
	// GetFulfillment of a missing id is ErrFulfillmentNotFound.
	GetFulfillment(ctx context.Context, id int64) (organisation.Fulfillment, error)
	// SaveFulfillment creates (id 0) or updates a fulfillment and sets its
	// customers to exactly the given ids, taking them from other
	// fulfillments. Unknown customers are ErrUnknownCustomer, a name taken
	// ErrFulfillmentExists, a missing id ErrFulfillmentNotFound.
	SaveFulfillment(ctx context.Context, f organisation.Fulfillment) (organisation.Fulfillment, error)
	// DeleteFulfillment removes it; its customers stay without one.
	DeleteFulfillment(ctx context.Context, id int64) error
	// Memberships returns every customer by name with the fulfillment it
	// belongs to (zero when none).
	Memberships(ctx context.Context) ([]organisation.Membership, error)
}

// CredentialChecker asks the carrier whether an API login works.
type CredentialChecker interface {
	// CheckCredentials answers false for a refused login and an error only
	// when the carrier could not be asked.
	CheckCredentials(ctx context.Context, t organisation.CredentialType, c organisation.Credentials) (bool, error)
}

// Service holds the organisation use cases.
type Service struct {
	Tenants      TenantStore
	Fulfillments FulfillmentStore
	Checker      CredentialChecker
}
