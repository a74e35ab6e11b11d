package batches

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/batch"
	"parcelportal/core/customer"
	"parcelportal/core/shipment"
)

// visible reads a batch of a customer the caller may act for; the batches
// of other customers do not exist for the caller.
func (s Service) visible(ctx context.Context, caller *access.Caller, id int64) (batch.Batch, error) {
	b, err := s.Batches.Get(ctx, id)
	if err != nil {
		return batch.Batch{}, err
	}
	if !caller.CanActFor(b.CustomerID) {
		return batch.Batch{}, batch.ErrNotFound
	}
	return b, nil
}

// forCustomer checks that a customer is chosen and that the caller may act
// for it; other customers do not exist for the caller.
func forCustomer(caller *access.Caller, customerID int64) error {
	if customerID <= 0 {
		return batch.ErrChooseCustomer
	}
	if !caller.CanActFor(customerID) {
		return customer.ErrNotFound
	}
	return nil
}

// visibleShipment reads a shipment of a customer the caller may act for.
func (s Service) visibleShipment(ctx context.Context, caller *access.Caller, id int64) (batch.Shipment, error) {
	sh, err := s.Shipments.Shipment(ctx, id)
	if err != nil {
		return batch.Shipment{}, err
	}
	if !caller.CanActFor(sh.CustomerID) {
		return batch.Shipment{}, batch.ErrShipmentNotFound
	}
	return sh, nil
}

// rules gathers what validating the customer's shipments needs.
func (s Service) rules(ctx context.Context, customerID int64) (shipment.Rules, error) {
	c, err := s.Customers.Get(ctx, customerID)
	if err != nil {
		return shipment.Rules{}, err
	}
	country, err := s.Hubs.HubCountry(ctx, c.HubID)
	if err != nil {
		return shipment.Rules{}, err
	}
	catalog, err := s.Catalogs.Catalog(ctx)
	if err != nil {
		return shipment.Rules{}, err
	}
	return shipment.RulesFor(c, country, catalog), nil
}
