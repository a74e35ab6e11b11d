package customers

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/account"
	"parcelportal/core/customer"
)

func customerCRMID(s string) string { return account.NormalizeCRMID(s) }

// Update saves the customer form. Non-admins change the General fields only;
// secrets sent masked keep their stored value; consents are not changed here.
// Only the customer form's roles save it.
func (s Service) Update(ctx context.Context, caller *access.Caller, edit customer.Customer) (customer.Customer, error) {
	if err := access.FormUsers.CheckFor(caller, edit.ID, customer.ErrNotFound); err != nil {
		return customer.Customer{}, err
	}
	admin := caller.IsAdmin()
	saved, err := s.Store.Update(ctx, edit.ID, func(c *customer.Customer) error {
		merged := customer.Merge(*c, edit, admin)
		merged.ApplyDefaults(c.HubID)
		merged = normalize(merged)
		if err := customer.Validate(merged, admin); err != nil {
			return err
		}
		*c = merged
		return nil
	})
	return saved.ViewFor(admin), err
}
