package customers

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/customer"
)

// Get reads one customer as the caller may see it: credentials masked for
// admins and left out for everyone else.
func (s Service) Get(ctx context.Context, caller *access.Caller, id int64) (customer.Customer, error) {
	c, err := s.visible(ctx, caller, id)
	return c.ViewFor(caller.IsAdmin()), err
}
