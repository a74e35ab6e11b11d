// Package userdata links logins to the customer they belong to or the
// fulfillment they act for (spec 3, user data).
package userdata

import (
	"context"
	"time"

	"parcelportal/core/account"
	"parcelportal/core/organisation"
)

// Link is a login's user data.
type Link struct {
	ID          int64
	Login       string
	Customer    *organisation.CustomerRef
	Fulfillment *organisation.FulfillmentRef
}

// Page selects a page of links.
type Page struct {
	Page, Size int
	// Sort is login (default), customer or fulfillment.
	Sort       string
	Descending bool
}

// Store keeps the links.
type Store interface {
	// ByLogin returns the login's link; found is false when it has none.
	ByLogin(ctx context.Context, login string) (l Link, found bool, err error)
	List(ctx context.Context, p Page) ([]Link, int, error)
	// Get of a missing id is a NotFound failure.
	Get(ctx context.Context, id int64) (Link, error)
	// Create refuses a second link for a login (Conflict) and unknown
	// customers or fulfillments (Invalid).
	Create(ctx context.Context, login, identityID string, customerID, fulfillmentID int64) (Link, error)
	Update(ctx context.Context, id, customerID, fulfillmentID int64) (Link, error)
	Delete(ctx context.Context, id int64) error
}

// Request is a self-registration whose login staff have not linked yet.
type Request struct {
	ID            int64
	Login, Email  string
	CRMID, Reason string
	RequestedAt   time.Time
	// Customer is the customer the CRM id names today; nil when none does.
	Customer *organisation.CustomerRef
}

// Requests lists the pending self-registrations (contract:
// statetest.RegistrationRequestsContract): a request stops being pending
// when its login is linked to a customer or a fulfillment.
type Requests interface {
	// Pending returns a page of pending requests, oldest first, and their total.
	Pending(ctx context.Context, page, size int) ([]Request, int, error)
}

// Users finds logins, for the names shown next to links.
type Users interface {
	FindByLogin(ctx context.Context, login string) (account.User, error)
	List(ctx context.Context) ([]account.User, error)
}

// Service holds the user data use cases.
type Service struct {
	Store    Store
	Users    Users
	Requests Requests
}
