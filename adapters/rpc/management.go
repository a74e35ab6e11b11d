package rpc

import (
	"context"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/app/management"
	"parcelportal/core/health"
	"parcelportal/core/profile"
	"parcelportal/core/reference"
)

// ManagementHandler serves portal.v1.ManagementService.
type ManagementHandler struct{ Queries management.Queries }

// GetInfo returns the application profile.
func (h ManagementHandler) GetInfo(ctx context.Context, _ *connect.Request[portalv1.GetInfoRequest]) (*connect.Response[portalv1.GetInfoResponse], error) {
	p, err := h.Queries.GetInfo(ctx)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.GetInfoResponse{Profile: profileToProto(p)}), nil
}

// GetProductsAndServices returns the reference data.
func (h ManagementHandler) GetProductsAndServices(ctx context.Context, _ *connect.Request[portalv1.GetProductsAndServicesRequest]) (*connect.Response[portalv1.GetProductsAndServicesResponse], error) {
	c, err := h.Queries.GetProductsAndServices(ctx)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.GetProductsAndServicesResponse{ProductsAndServices: catalogToProto(c)}), nil
}

// GetVersion names the running build.
func (h ManagementHandler) GetVersion(context.Context, *connect.Request[portalv1.GetVersionRequest]) (*connect.Response[portalv1.GetVersionResponse], error) {
	b := h.Queries.GetVersion()
	return connect.NewResponse(&portalv1.GetVersionResponse{Version: b.Version, BuildDate: timestamppb.New(b.Date)}), nil
}

// GetHealth reports the health of the portal, with its components for
// admins. Over Connect a DOWN portal is still a successful answer: the
// report is the data.
func (h ManagementHandler) GetHealth(ctx context.Context, _ *connect.Request[portalv1.GetHealthRequest]) (*connect.Response[portalv1.GetHealthResponse], error) {
	return connect.NewResponse(&portalv1.GetHealthResponse{Health: healthToProto(h.Queries.CheckHealth(ctx, callerFrom(ctx)))}), nil
}

func profileToProto(p profile.Profile) *portalv1.ApplicationProfile {
	return &portalv1.ApplicationProfile{
		RibbonEnv:           p.RibbonEnv,
		InProduction:        p.InProduction,
		IsSwaggerEnabled:    p.SwaggerEnabled,
		CopyrightYear:       int32(p.CopyrightYear),
		Version:             p.Version,
		BuildDate:           timestamppb.New(p.BuildDate),
		RecaptchaSiteKey:    p.RecaptchaSiteKey,
		ProductsAndServices: catalogToProto(p.Catalog),
	}
}

func catalogToProto(c reference.Catalog) *portalv1.ProductsAndServices {
	out := &portalv1.ProductsAndServices{
		Products:         codesToProto(c.Products),
		Services:         codesToProto(c.Services),
		Options:          codesToProto(c.Options),
		Formats:          codesToProto(c.Formats),
		ReturnTypes:      codesToProto(c.ReturnTypes),
		ReturnOptions:    codesToProto(c.ReturnOptions),
		TaxFreeCountries: c.TaxFreeCountries,
	}
	for _, r := range c.CanaryIslandsPostalRanges {
		out.CanaryIslandsPostalRanges = append(out.CanaryIslandsPostalRanges,
			&portalv1.PostalRange{CountryCode: r.CountryCode, From: r.From, To: r.To})
	}
	return out
}

func codesToProto(codes []reference.Code) []*portalv1.ReferenceCode {
	out := make([]*portalv1.ReferenceCode, 0, len(codes))
	for _, c := range codes {
		out = append(out, &portalv1.ReferenceCode{Code: c.Code, Name: c.Name})
	}
	return out
}

func healthToProto(r health.Report) *portalv1.Health {
	out := &portalv1.Health{Status: string(r.Status), Components: make(map[string]*portalv1.HealthComponent, len(r.Components))}
	for name, c := range r.Components {
		out.Components[name] = &portalv1.HealthComponent{Status: string(c.Status), Details: c.Details}
	}
	return out
}

// timestampOrNil leaves unknown times out of the answer instead of sending 1970.
func timestampOrNil(t time.Time) *timestamppb.Timestamp {
	if t.IsZero() {
		return nil
	}
	return timestamppb.New(t)
}
