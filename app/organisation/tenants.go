package organisation

import (
	"context"

	"parcelportal/core/organisation"
)

// ListTenants returns a page of tenants.
func (s Service) ListTenants(ctx context.Context, p Page) ([]organisation.Tenant, int, error) {
	if p.Size <= 0 {
		p.Size = DefaultPageSize
	}
	p.Page = max(p.Page, 0)
	return s.Tenants.ListTenants(ctx, p)
}

// AllTenants returns every tenant, for selects.
func (s Service) AllTenants(ctx context.Context) ([]organisation.Tenant, error) {
	ts, _, err := s.Tenants.ListTenants(ctx, Page{Size: 10000})
	return ts, err
}

// GetTenant returns one tenant.
func (s Service) GetTenant(ctx context.Context, id int64) (organisation.Tenant, error) {
	return s.Tenants.GetTenant(ctx, id)
}

// CreateTenant validates and stores a new tenant.
func (s Service) CreateTenant(ctx context.Context, t organisation.Tenant) (organisation.Tenant, error) {
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

// UpdateTenant validates and stores a changed tenant. Secrets the browser
// never sees (passwords, API keys) keep their stored value when sent empty;
// an empty username clears that login altogether.
func (s Service) UpdateTenant(ctx context.Context, t organisation.Tenant) (organisation.Tenant, error) {
	t = t.Normalize()
	return s.Tenants.UpdateTenant(ctx, t.ID, func(current organisation.Tenant) (organisation.Tenant, error) {
		t.A1 = KeepSecrets(t.A1, current.A1)
		t.GRP = KeepSecrets(t.GRP, current.GRP)
		return t, organisation.ValidateTenant(t)
	})
}

// KeepSecrets fills the secrets of a submitted login from the stored one
// when they come empty; without a username nothing is kept.
func KeepSecrets(submitted, stored organisation.Credentials) organisation.Credentials {
	if submitted.Username == "" {
		return organisation.Credentials{}
	}
	if submitted.Password == "" {
		submitted.Password = stored.Password
	}
	if submitted.APIKey == "" {
		submitted.APIKey = stored.APIKey
	}
	return submitted
}

// DeleteTenant removes a tenant with its hubs.
func (s Service) DeleteTenant(ctx context.Context, id int64) error {
	return s.Tenants.DeleteTenant(ctx, id)
}

// CheckTenantCredentials asks the carrier whether a login works. With a
// tenant id, secrets sent empty are taken from that tenant's stored login.
func (s Service) CheckTenantCredentials(ctx context.Context, kind string, tenantID int64, c organisation.Credentials) (bool, error) {
	t, err := organisation.ParseCredentialType(kind)
	if err != nil {
		return false, err
	}
	if tenantID > 0 && (c.Password == "" || c.APIKey == "") {
		stored, err := s.Tenants.GetTenant(ctx, tenantID)
		if err != nil {
			return false, err
		}
		saved := stored.GRP
		if t == organisation.CredentialA1 {
			saved = stored.A1
		}
		c = KeepSecrets(c, saved)
	}
	c = c.ForCheck(t)
	if c.Username == "" || c.Password == "" {
		return false, nil
	}
	if s.Checker == nil {
		return false, ErrNoChecker
	}
	return s.Checker.CheckCredentials(ctx, t, c)
}
