package customers

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/customer"
)

// Create stores a new customer with the spec's defaults. Only admins create
// customers: the CRM id is a Configuration field.
func (s Service) Create(ctx context.Context, caller *access.Caller, c customer.Customer) (customer.Customer, error) {
	if !caller.IsAdmin() {
		return customer.Customer{}, customer.ErrAdminOnly
	}
	hub, err := s.Store.DefaultHubID(ctx)
	if err != nil {
		return customer.Customer{}, err
	}
	c.ID = 0
	c.GTC, c.CIPricing = customer.Consent{}, customer.Consent{}
	c.ApplyDefaults(hub)
	c = normalize(c)
	if err := customer.Validate(c, true); err != nil {
		return customer.Customer{}, err
	}
	saved, err := s.Store.Create(ctx, c)
	return saved.ViewFor(true), err
}

func normalize(c customer.Customer) customer.Customer {
	c.CRMID = customerCRMID(c.CRMID)
	c.LabelType, _ = customer.ParseLabelType(c.LabelType)
	c.AutoManifest = c.AutoManifest.Normalized()
	if c.AutoManifest.Active {
		c.AutoManifest = c.AutoManifest.WithDays(c.AutoManifest.Days)
	}
	return c
}
