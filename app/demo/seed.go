// Package demo fills a fresh installation with a small organisation and one
// login per role, so that `make run` shows a working portal at once.
package demo

import (
	"context"
	"fmt"

	"parcelportal/core/access"
	"parcelportal/core/customer"
)

// Password of every demo login. Demo mode only: never seed a production system.
const Password = "portal-demo"

// Organisation is the demo's master data, written by natural keys so that
// seeding twice changes nothing.
type Organisation struct {
	Tenant      Tenant
	Customers   []Customer
	Fulfillment Fulfillment
}

// Tenant is a subsidiary of the carrier with its hubs.
type Tenant struct {
	Name        string
	CountryCode string
	// SelfRegistrationEmails hear of every registration request; set when
	// the tenant is created, so that staff changes survive a second seeding.
	SelfRegistrationEmails []string
	// ServiceEmail receives parcel inquiries and MarketingEmails hear of
	// newsletter subscriptions; set when the tenant has none yet.
	ServiceEmail    string
	MarketingEmails []string
	Hubs            []Hub
}

// Hub is a tenant's depot; exactly one is the default.
type Hub struct {
	Name, Street, ZipCode, City, CountryCode string
	Default                                  bool
}

// Customer is a shipper served from a hub, with the products it may ship
// (its features) and the destinations where its parcels need a seller EORI,
// and its login at the carrier.
type Customer struct {
	Name, CRMID, HubName, APIClient string
	Features                        []customer.Feature
	EORIThresholds                  []customer.EORIThreshold
	Carrier                         CarrierLogin
	Tracking                        TrackingLogin
}

// TrackingLogin is how the portal tracks a customer's parcels: the tracking
// user (fulltrack V1) or the fulltrack API key (V3).
type TrackingLogin struct {
	Version, Username, Password, AccessKey, APIKey string
}

// DemoTrackingV1 and DemoTrackingV3 are what the tracking simulator accepts
// (adapters/tracking/simulator), so that `make run` tracks the demo parcels.
var (
	DemoTrackingV1 = TrackingLogin{Version: "V1", Username: "demo", Password: "portal-demo"}
	DemoTrackingV3 = TrackingLogin{Version: "V3", AccessKey: "demo-key", APIKey: "demo-key"}
)

// CarrierLogin is what a customer ships with at the carrier: the API user
// and password, or for the A1 client the API key.
type CarrierLogin struct {
	Username, Password, A1APIKey string
}

// DemoCarrierLogin is what the carrier simulator accepts (adapters/carrier/
// simulator: user demo, password portal-demo, A1 key demo-key), so that
// batches of the demo customers are sent in `make run`.
var DemoCarrierLogin = CarrierLogin{Username: "demo", Password: "portal-demo", A1APIKey: "demo-key"}

// Document is a file staff provide to customers, such as the CSV template.
type Document struct {
	Name, FileName, ContentType string
	Content                     []byte
}

// Fulfillment acts for the customers it names by CRM id.
type Fulfillment struct {
	Name           string
	CustomerCRMIDs []string
}

// Login is a demo user: an identity with roles, linked to a customer or a
// fulfillment (by CRM id or name; empty for staff).
type Login struct {
	Login, FirstName, LastName string
	Roles                      []access.Role
	CustomerCRMID              string
	FulfillmentName            string
}

// Directory writes the organisation and links logins to it.
type Directory interface {
	SaveOrganisation(ctx context.Context, org Organisation) error
	LinkLogin(ctx context.Context, login, identityID, customerCRMID, fulfillmentName string) error
	// EnsureCSVTemplate stores the template under its name, and makes it the
	// active one when no template is active.
	EnsureCSVTemplate(ctx context.Context, doc Document) error
}

// Identities creates sign-in identities, or finds them when they exist.
type Identities interface {
	EnsureUser(ctx context.Context, u NewUser) (identityID string, err error)
}

// NewUser is what an identity is created with.
type NewUser struct {
	Login, Email, FirstName, LastName, LangKey, Password string
	Roles                                                []access.Role
}

// Seed writes the demo organisation, the CSV template and the logins. It is
// idempotent.
func Seed(ctx context.Context, dir Directory, ids Identities) ([]Login, error) {
	if err := dir.SaveOrganisation(ctx, DemoOrganisation()); err != nil {
		return nil, fmt.Errorf("save demo organisation: %w", err)
	}
	if err := dir.EnsureCSVTemplate(ctx, DemoCSVTemplate()); err != nil {
		return nil, fmt.Errorf("save the CSV template: %w", err)
	}
	logins := DemoLogins()
	for _, l := range logins {
		id, err := ids.EnsureUser(ctx, NewUser{
			Login: l.Login, Email: l.Login + "@demo.parcel-portal.local", FirstName: l.FirstName,
			LastName: l.LastName, LangKey: "en", Password: Password, Roles: l.Roles,
		})
		if err != nil {
			return nil, fmt.Errorf("identity %s: %w", l.Login, err)
		}
		if err := dir.LinkLogin(ctx, l.Login, id, l.CustomerCRMID, l.FulfillmentName); err != nil {
			return nil, fmt.Errorf("link %s: %w", l.Login, err)
		}
	}
	return logins, nil
}
