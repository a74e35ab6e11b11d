package organisations

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/organisation"
)

// CreateTenant validates and stores a new tenant: the super admin's alone.
func (s Service) CreateTenant(ctx context.Context, caller *access.Caller, t organisation.Tenant) (organisation.Tenant, error) {
	if err := access.SuperAdmins.Check(caller); err != nil {
		return organisation.Tenant{}, err
	}
	t = t.Normalize()
	t.ID = 0
	for i := range t.Hubs {
		t.Hubs[i].ID = 0
	}
	if err := organisation.ValidateTenant(t); err != nil {
		return organisation.Tenant{}, err
	}
	return s.Tenants.CreateTenant(ctx, t)
}
