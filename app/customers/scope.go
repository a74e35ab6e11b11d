package customers

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/customer"
)

// seesAll: staff act for every customer.
func seesAll(c *access.Caller) bool {
	return c.Has(access.SuperAdmin, access.Admin, access.Operations, access.CustomerService)
}

// scope is the ids a non-staff caller may list.
func scope(c *access.Caller) []int64 {
	ids := []int64{}
	if c == nil {
		return ids
	}
	if c.CustomerID > 0 {
		ids = append(ids, c.CustomerID)
	}
	return append(ids, c.FulfillmentCustomers...)
}

func actor(c *access.Caller, id int64) customer.Actor {
	return customer.Actor{Admin: c.IsAdmin(), CanAct: c.CanActFor(id), FormRole: c.MayUseForms()}
}

// visible reads a customer the caller may act for; others do not exist for it.
func (s Service) visible(ctx context.Context, caller *access.Caller, id int64) (customer.Customer, error) {
	if !caller.CanActFor(id) {
		return customer.Customer{}, customer.ErrNotFound
	}
	return s.Store.Get(ctx, id)
}
