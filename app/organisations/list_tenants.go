package organisations

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/organisation"
)

// ListTenants returns a page of tenants (staff).
func (s Service) ListTenants(ctx context.Context, caller *access.Caller, p Page) ([]organisation.Tenant, int, error) {
	if err := access.Staff.Check(caller); err != nil {
		return nil, 0, err
	}
	if p.Size <= 0 {
		p.Size = DefaultPageSize
	}
	p.Page = max(p.Page, 0)
	return s.Tenants.ListTenants(ctx, p)
}
