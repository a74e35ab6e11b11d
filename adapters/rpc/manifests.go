package rpc

import (
	"context"

	"connectrpc.com/connect"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/app/manifests"
	"parcelportal/core/manifest"
)

// ManifestHandler serves portal.v1.ManifestService.
type ManifestHandler struct{ Manifests manifests.Service }

// CreateManifest gathers the selected parcels into manifests.
func (h ManifestHandler) CreateManifest(ctx context.Context, req *connect.Request[portalv1.CreateManifestRequest]) (*connect.Response[portalv1.CreateManifestResponse], error) {
	made, err := h.Manifests.Create(ctx, callerFrom(ctx), req.Msg.GetParcelIds())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.CreateManifestResponse{BatchIds: made}), nil
}

// ListRoutingOptions lists the default routing options.
func (h ManifestHandler) ListRoutingOptions(ctx context.Context, _ *connect.Request[portalv1.ListRoutingOptionsRequest]) (*connect.Response[portalv1.ListRoutingOptionsResponse], error) {
	list, err := h.Manifests.ListRoutingOptions(ctx, callerFrom(ctx))
	if err != nil {
		return nil, err
	}
	out := &portalv1.ListRoutingOptionsResponse{ManifestTypes: manifestTypesToProto(manifest.Types)}
	for _, o := range list {
		out.RoutingOptions = append(out.RoutingOptions, routingOptionToProto(o))
	}
	return connect.NewResponse(out), nil
}

// UpdateRoutingOption changes one country's default routing option.
func (h ManifestHandler) UpdateRoutingOption(ctx context.Context, req *connect.Request[portalv1.UpdateRoutingOptionRequest]) (*connect.Response[portalv1.UpdateRoutingOptionResponse], error) {
	m := req.Msg.GetRoutingOption()
	o, err := h.Manifests.UpdateRoutingOption(ctx, callerFrom(ctx), manifest.RoutingOption{
		Country: m.GetCountry(), ManifestType: nameOf(m.GetManifestType()), Carrier: m.GetCarrier(),
	})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.UpdateRoutingOptionResponse{RoutingOption: routingOptionToProto(o)}), nil
}

func routingOptionToProto(o manifest.RoutingOption) *portalv1.RoutingOption {
	return &portalv1.RoutingOption{Country: o.Country, ManifestType: manifestTypeToProto(o.ManifestType), Carrier: o.Carrier, UpdatedBy: o.UpdatedBy}
}
