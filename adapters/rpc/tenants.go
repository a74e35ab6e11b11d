package rpc

import (
	"context"

	"connectrpc.com/connect"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/app/organisations"
	"parcelportal/core/organisation"
)

// TenantHandler serves portal.v1.TenantService. Passwords and API keys go in,
// never out: answers carry only whether one is stored.
type TenantHandler struct{ Organisation organisations.Service }

// ListTenants pages the tenants; X-Total-Count carries the total.
func (h TenantHandler) ListTenants(ctx context.Context, req *connect.Request[portalv1.ListTenantsRequest]) (*connect.Response[portalv1.ListTenantsResponse], error) {
	ts, total, err := h.Organisation.ListTenants(ctx, callerFrom(ctx), organisations.Page{Page: int(req.Msg.GetPage()), Size: int(req.Msg.GetSize())})
	if err != nil {
		return nil, err
	}
	out := &portalv1.ListTenantsResponse{TotalCount: int64(total), Tenants: protos(ts, tenantToProto)}
	return withTotal(connect.NewResponse(out), total), nil
}

// ListAllTenants returns every tenant.
func (h TenantHandler) ListAllTenants(ctx context.Context, _ *connect.Request[portalv1.ListAllTenantsRequest]) (*connect.Response[portalv1.ListAllTenantsResponse], error) {
	ts, err := h.Organisation.AllTenants(ctx, callerFrom(ctx))
	if err != nil {
		return nil, err
	}
	out := &portalv1.ListAllTenantsResponse{Tenants: protos(ts, tenantToProto)}
	return connect.NewResponse(out), nil
}

// GetTenant returns one tenant.
func (h TenantHandler) GetTenant(ctx context.Context, req *connect.Request[portalv1.GetTenantRequest]) (*connect.Response[portalv1.GetTenantResponse], error) {
	t, err := h.Organisation.GetTenant(ctx, callerFrom(ctx), req.Msg.GetId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.GetTenantResponse{Tenant: tenantToProto(t)}), nil
}

// CreateTenant adds a tenant.
func (h TenantHandler) CreateTenant(ctx context.Context, req *connect.Request[portalv1.CreateTenantRequest]) (*connect.Response[portalv1.CreateTenantResponse], error) {
	t, err := h.Organisation.CreateTenant(ctx, callerFrom(ctx), tenantFromProto(req.Msg.GetTenant()))
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.CreateTenantResponse{Tenant: tenantToProto(t)}), nil
}

// UpdateTenant saves a tenant.
func (h TenantHandler) UpdateTenant(ctx context.Context, req *connect.Request[portalv1.UpdateTenantRequest]) (*connect.Response[portalv1.UpdateTenantResponse], error) {
	t, err := h.Organisation.UpdateTenant(ctx, callerFrom(ctx), tenantFromProto(req.Msg.GetTenant()))
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.UpdateTenantResponse{Tenant: tenantToProto(t)}), nil
}

// DeleteTenant removes a tenant.
func (h TenantHandler) DeleteTenant(ctx context.Context, req *connect.Request[portalv1.DeleteTenantRequest]) (*connect.Response[portalv1.DeleteTenantResponse], error) {
	if err := h.Organisation.DeleteTenant(ctx, callerFrom(ctx), req.Msg.GetId()); err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.DeleteTenantResponse{}), nil
}

// CheckTenantCredentials asks the carrier about an a1 or grp login.
func (h TenantHandler) CheckTenantCredentials(ctx context.Context, req *connect.Request[portalv1.CheckTenantCredentialsRequest]) (*connect.Response[portalv1.CheckTenantCredentialsResponse], error) {
	m := req.Msg
	ok, err := h.Organisation.CheckTenantCredentials(ctx, callerFrom(ctx), m.GetType(), m.GetTenantId(),
		organisation.Credentials{Username: m.GetUsername(), Password: m.GetPassword(), APIKey: m.GetApiKey()})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.CheckTenantCredentialsResponse{Valid: ok}), nil
}

// tenantToProto leaves passwords and keys out: only whether one is stored.
func tenantToProto(t organisation.Tenant) *portalv1.Tenant {
	out := &portalv1.Tenant{
		Id: t.ID, Subsidiary: t.Subsidiary, Name: t.Name, ServiceEmail: t.ServiceEmail,
		ManifestSuccessEmail: t.ManifestSuccessEmail, ManifestFailureEmail: t.ManifestFailureEmail,
		SelfRegistrationEmails: t.SelfRegistrationEmails, MarketingEmails: t.MarketingEmails,
		Address: &portalv1.TenantAddress{Street: t.Address.Street, AdditionalAddress: t.Address.AdditionalAddress,
			ZipCode: t.Address.ZipCode, City: t.Address.City, CountryCode: t.Address.CountryCode},
		A1Username: t.A1.Username, GrpApiUsername: t.GRP.Username,
		A1PasswordSet: t.A1.Password != "", A1ApiKeySet: t.A1.APIKey != "", GrpApiPasswordSet: t.GRP.Password != "",
	}
	for _, hb := range t.Hubs {
		out.Hubs = append(out.Hubs, &portalv1.Hub{Id: hb.ID, Name: hb.Name, EmailAddress: hb.EmailAddress, Street: hb.Street,
			AdditionalAddress: hb.AdditionalAddress, ZipCode: hb.ZipCode, City: hb.City, CountryCode: hb.CountryCode, IsDefault: hb.IsDefault})
	}
	return out
}

func tenantFromProto(p *portalv1.Tenant) organisation.Tenant {
	a := p.GetAddress()
	t := organisation.Tenant{
		ID: p.GetId(), Subsidiary: p.GetSubsidiary(), Name: p.GetName(), ServiceEmail: p.GetServiceEmail(),
		ManifestSuccessEmail: p.GetManifestSuccessEmail(), ManifestFailureEmail: p.GetManifestFailureEmail(),
		SelfRegistrationEmails: p.GetSelfRegistrationEmails(), MarketingEmails: p.GetMarketingEmails(),
		Address: organisation.Address{Street: a.GetStreet(), AdditionalAddress: a.GetAdditionalAddress(), ZipCode: a.GetZipCode(),
			City: a.GetCity(), CountryCode: a.GetCountryCode()},
		A1:  organisation.Credentials{Username: p.GetA1Username(), Password: p.GetA1Password(), APIKey: p.GetA1ApiKey()},
		GRP: organisation.Credentials{Username: p.GetGrpApiUsername(), Password: p.GetGrpApiPassword()},
	}
	for _, hb := range p.GetHubs() {
		t.Hubs = append(t.Hubs, organisation.Hub{ID: hb.GetId(), Name: hb.GetName(), EmailAddress: hb.GetEmailAddress(),
			Address: organisation.Address{Street: hb.GetStreet(), AdditionalAddress: hb.GetAdditionalAddress(), ZipCode: hb.GetZipCode(),
				City: hb.GetCity(), CountryCode: hb.GetCountryCode()}, IsDefault: hb.GetIsDefault()})
	}
	return t
}
