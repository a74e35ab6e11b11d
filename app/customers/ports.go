// Package customers holds the customer use cases of spec 3: the server-paged
// list, the form's reads and writes, consents, printer settings, the
// auto-manifest schedule and the credential checks. Every read and write is
// scoped to the customers the caller may act for.
package customers

import (
	"context"

	"parcelportal/app/clock"
	"parcelportal/core/customer"
)

// Query selects a page of customers.
type Query struct {
	Page, Size int
	// Sort is name (default), crmid or id; one sort at a time.
	Sort       string
	Descending bool
	// Name and CRMID filter by "contains", ignoring case; empty means any.
	Name, CRMID string
	// Scope limits the list to these ids; nil means every customer.
	Scope []int64
}

// Store keeps customers.
//
// Contract: Create assigns the id and returns the stored customer; a CRM id
// already used is a Conflict failure with key customer.KeyCRMIDTaken.
// Get, Update and Delete of an unknown id are NotFound failures with key
// customer.KeyNotFound. Update reads the customer, calls change, and stores
// what change left, all in one transaction; an error from change aborts it
// and is returned as is. Stored secrets come back exactly as saved. List
// answers the page and the total of customers matching the query, sorted by
// the column, then by id, ascending unless Descending; HubName is filled.
// DefaultHubID is the tenant's hub flagged default, zero if none.
type Store interface {
	List(ctx context.Context, q Query) ([]customer.Customer, int, error)
	Get(ctx context.Context, id int64) (customer.Customer, error)
	Create(ctx context.Context, c customer.Customer) (customer.Customer, error)
	Update(ctx context.Context, id int64, change func(*customer.Customer) error) (customer.Customer, error)
	Delete(ctx context.Context, id int64) error
	DefaultHubID(ctx context.Context) (int64, error)
}

// History tells whether a customer has shipping history: a batch (with its
// rows, shipments, manifest and carrier traffic) or a shipment.
//
// Contract: false for a customer without any, true as soon as a batch or a
// shipment of the customer is stored, whatever its status.
type History interface {
	HasShippingHistory(ctx context.Context, customerID int64) (bool, error)
}

// CredentialCheck is what the customer form sends to test a set of credentials.
type CredentialCheck struct {
	// Target names the service: api, tracking, fulltrack, a1 or grp.
	Target    string
	Username  string
	Password  string
	APIKey    string
	AccessKey string
	Version   string
}

// CredentialChecker asks a carrier, tracking or aggregator service whether
// credentials are accepted. Contract: a refusal is (false, nil); only a
// service that cannot be reached is an error (Unavailable failure).
type CredentialChecker interface {
	Check(ctx context.Context, c CredentialCheck) (bool, error)
}

// Service holds the customer use cases.
type Service struct {
	Store   Store
	History History
	Checker CredentialChecker
	Now     clock.Clock // says when consents are given
	Terms   TermsRenderer
	// Carriers fetches the aggregator's carrier list.
	Carriers CarrierList
}
