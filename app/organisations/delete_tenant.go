package organisations

import (
	"context"

	"parcelportal/core/access"
)

// DeleteTenant removes a tenant with its hubs: the super admin's alone.
func (s Service) DeleteTenant(ctx context.Context, caller *access.Caller, id int64) error {
	if err := access.SuperAdmins.Check(caller); err != nil {
		return err
	}
	return s.Tenants.DeleteTenant(ctx, id)
}
