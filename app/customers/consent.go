package customers

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/customer"
)

// SetConsent ticks or unticks the GTC or CI-pricing consent following
// customer.ConsentChange, recording who accepted and when.
func (s Service) SetConsent(ctx context.Context, caller *access.Caller, id int64, kind customer.ConsentKind, accept bool) (customer.Customer, error) {
	if !caller.CanActFor(id) {
		return customer.Customer{}, customer.ErrNotFound
	}
	saved, err := s.Store.Update(ctx, id, func(c *customer.Customer) error {
		changed, err := customer.ConsentChange(kind, actor(caller, id), *c, accept)
		if err != nil || !changed {
			return err
		}
		consent := customer.Consent{}
		if accept {
			consent = customer.Consent{Accepted: true, At: s.Now.UTC(), By: caller.Login}
		}
		if kind == customer.ConsentGTC {
			c.GTC = consent
		} else {
			c.CIPricing = consent
		}
		return nil
	})
	return saved.ViewFor(caller.IsAdmin()), err
}
