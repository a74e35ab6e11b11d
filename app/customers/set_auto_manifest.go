package customers

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/customer"
	"parcelportal/core/failure"
)

// SetAutoManifest saves the customer's schedule when it is inactive or
// valid; unticking active clears time and days. The customer form's roles
// set it, for a customer the caller acts for.
func (s Service) SetAutoManifest(ctx context.Context, caller *access.Caller, id int64, a customer.AutoManifest) (customer.AutoManifest, error) {
	if err := access.FormUsers.CheckFor(caller, id, customer.ErrNotFound); err != nil {
		return customer.AutoManifest{}, err
	}
	a = a.Normalized()
	if a.Active {
		if v := a.Violations(); len(v) > 0 {
			var fields []failure.FieldViolation
			for f, r := range v {
				fields = append(fields, failure.FieldViolation{Object: "autoManifestDayTime", Field: f, Rule: r})
			}
			return customer.AutoManifest{}, failure.InvalidFields(fields...)
		}
		a = a.WithDays(a.Days)
	}
	saved, err := s.Store.Update(ctx, id, func(c *customer.Customer) error {
		c.AutoManifest = a
		return nil
	})
	return saved.AutoManifest, err
}
