package parcels

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/batch"
	"parcelportal/core/customer"
	"parcelportal/core/parcel"
	"parcelportal/core/shipment"
)

// Roles is the parcel pages' policy (spec 2 section 6: ADMIN, SUPERADMIN,
// USER, OPERATIONS), and integrators' ROLE_API logins, which make API
// parcels through the same calls.
var Roles = access.AnyOf(append(append([]access.Role{}, access.FormRoles...), access.API)...)

// visible reads a parcel of a customer the caller may act for; the
// parcels of other customers do not exist for the caller.
func (s Service) visible(ctx context.Context, caller *access.Caller, id int64) (parcel.Parcel, error) {
	if err := Roles.Check(caller); err != nil {
		return parcel.Parcel{}, err
	}
	p, err := s.Parcels.Get(ctx, id)
	if err != nil {
		return parcel.Parcel{}, err
	}
	if !caller.CanActFor(p.CustomerID) {
		return parcel.Parcel{}, parcel.ErrNotFound
	}
	return p, nil
}

// forCustomer checks that a customer is chosen and that the caller may act
// for it; other customers do not exist for the caller.
func forCustomer(caller *access.Caller, customerID int64) error {
	if err := Roles.Check(caller); err != nil {
		return err
	}
	if customerID <= 0 {
		return batch.ErrChooseCustomer
	}
	if !caller.CanActFor(customerID) {
		return customer.ErrNotFound
	}
	return nil
}

// customerRules reads the customer and gathers what validating its
// shipments needs, exactly as a batch upload does; hubCountry is the
// parcel's sender.
func (s Service) customerRules(ctx context.Context, customerID int64) (c customer.Customer, r shipment.Rules, err error) {
	c, err = s.Customers.Get(ctx, customerID)
	if err != nil {
		return c, r, err
	}
	country, err := s.Hubs.HubCountry(ctx, c.HubID)
	if err != nil {
		return c, r, err
	}
	catalog, err := s.Catalogs.Catalog(ctx)
	if err != nil {
		return c, r, err
	}
	return c, shipment.RulesFor(c, country, catalog), nil
}
