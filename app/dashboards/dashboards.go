// Package dashboards holds the dashboard's use cases (spec 3 sections 2 and
// 7, "Dashboard"): a customer's parcels per destination country, the
// country search, and the shipment tracking box. The dashboard's roles may
// call them (ADMIN, SUPERADMIN, USER, OPERATIONS, CUSTOMER_SERVICE,
// TRACKING); the counts are of a customer the caller acts for (its own,
// its fulfillment's, any for staff); another customer is not found.
package dashboards

import (
	"context"

	"parcelportal/app/trackingsearch"
	"parcelportal/core/access"
	"parcelportal/core/customer"
	"parcelportal/core/dashboard"
)

// Counts reads the parcels per country the shipments keep (a count per
// customer, country and day; never a scan of the shipments).
type Counts interface {
	// PerCountry is the customer's labelled parcels per destination
	// country, all time, largest first, countries without parcels left out.
	PerCountry(ctx context.Context, customerID int64) ([]dashboard.CountryCount, error)
	// InCountries is how many of the customer's labelled parcels went to the
	// search's countries on its days.
	InCountries(ctx context.Context, customerID int64, s dashboard.Search) (int64, error)
}

// Tracker reads a parcel's journey as the caller may see it.
type Tracker interface {
	Parcel(ctx context.Context, caller *access.Caller, id string) (trackingsearch.Parcel, error)
}

// Service runs the dashboard's use cases.
type Service struct {
	Counts   Counts
	Tracking Tracker
}

// Roles may open the dashboard (spec 3 section 6): the tracking roles.
var Roles = trackingsearch.Roles

// check refuses callers without a dashboard role, and customers the caller
// does not act for as not found.
func check(caller *access.Caller, customerID int64) error {
	return Roles.CheckFor(caller, customerID, customer.ErrNotFound)
}
