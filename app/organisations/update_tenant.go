package organisations

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/organisation"
)

// UpdateTenant validates and stores a changed tenant. Secrets the browser
// never sees (passwords, API keys) keep their stored value when sent empty;
// an empty username clears that login altogether. Admins only: staff read.
func (s Service) UpdateTenant(ctx context.Context, caller *access.Caller, t organisation.Tenant) (organisation.Tenant, error) {
	if err := access.Admins.Check(caller); err != nil {
		return organisation.Tenant{}, err
	}
	t = t.Normalize()
	return s.Tenants.UpdateTenant(ctx, t.ID, func(current organisation.Tenant) (organisation.Tenant, error) {
		t.A1 = KeepSecrets(t.A1, current.A1)
		t.GRP = KeepSecrets(t.GRP, current.GRP)
		return t, organisation.ValidateTenant(t)
	})
}
