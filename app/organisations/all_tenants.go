package organisations

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/organisation"
)

// AllTenants returns every tenant, for the selects of staff screens.
func (s Service) AllTenants(ctx context.Context, caller *access.Caller) ([]organisation.Tenant, error) {
	if err := access.Staff.Check(caller); err != nil {
		return nil, err
	}
	ts, _, err := s.Tenants.ListTenants(ctx, Page{Size: 10000})
	return ts, err
}
