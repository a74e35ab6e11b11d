package organisations

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/organisation"
)

// CheckTenantCredentials asks the carrier whether a login works. With a
// tenant id, secrets sent empty are taken from that tenant's stored login.
// Admins only, as they maintain the logins.
func (s Service) CheckTenantCredentials(ctx context.Context, caller *access.Caller, kind string, tenantID int64, c organisation.Credentials) (bool, error) {
	if err := access.Admins.Check(caller); err != nil {
		return false, err
	}
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
