package inquiries

import (
	"context"
	"strings"

	"parcelportal/core/access"
	"parcelportal/core/failure"
	"parcelportal/core/inquiry"
	"parcelportal/core/organisation"
)

// TenantView is what the form shows of the tenant an inquiry goes to: its
// name and address, never its mail addresses or logins.
type TenantView struct {
	ID      int64
	Name    string
	Address string
}

// Tenant names the tenant and its address for anybody: the public form
// shows it. Id zero is the caller's tenant (their customer's hub's; for
// visitors the portal's first tenant, as the newsletter reads it), so a
// public link to the form needs no tenant id. An unknown tenant is not found.
func (s Service) Tenant(ctx context.Context, caller *access.Caller, id int64) (TenantView, error) {
	if id == 0 {
		var customerID int64
		if caller != nil {
			if own := customersOf(caller); len(own) > 0 {
				customerID = own[0]
			}
		}
		var err error
		if id, err = s.Store.TenantOf(ctx, customerID); err != nil {
			return TenantView{}, err
		}
	}
	t, err := s.tenant(ctx, id)
	if err != nil {
		return TenantView{}, err
	}
	return TenantView{ID: t.ID, Name: t.Name, Address: AddressText(t.Address)}, nil
}

func (s Service) tenant(ctx context.Context, id int64) (organisation.Tenant, error) {
	if id <= 0 {
		return organisation.Tenant{}, failure.New(failure.NotFound, inquiry.KeyTenantNotFound)
	}
	t, err := s.Tenants.GetTenant(ctx, id)
	if f, ok := failure.As(err); ok && f.Kind == failure.NotFound {
		return organisation.Tenant{}, failure.New(failure.NotFound, inquiry.KeyTenantNotFound)
	}
	return t, err
}

// AddressText is a tenant's address on one line.
func AddressText(a organisation.Address) string {
	var parts []string
	for _, p := range []string{a.Street, a.AdditionalAddress, strings.TrimSpace(a.ZipCode + " " + a.City), a.CountryCode} {
		if p = strings.TrimSpace(p); p != "" {
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, ", ")
}
