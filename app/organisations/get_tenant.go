package organisations

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/organisation"
)

// GetTenant returns one tenant (staff).
func (s Service) GetTenant(ctx context.Context, caller *access.Caller, id int64) (organisation.Tenant, error) {
	if err := access.Staff.Check(caller); err != nil {
		return organisation.Tenant{}, err
	}
	return s.Tenants.GetTenant(ctx, id)
}
