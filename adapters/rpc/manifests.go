package rpc

import (
	"context"

	"connectrpc.com/connect"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/app/manifests"
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
