package rpc

import (
	"context"
	"net/http"
	"slices"

	"connectrpc.com/connect"
	"connectrpc.com/grpchealth"

	"parcelportal/app/management"
	"parcelportal/core/health"
)

// probeREST answers an orchestrator's probe: {"status":"UP"} with 200, or
// DOWN with 503. Public, and it names no component: liveness asks nothing,
// readiness only whether the database, Redis and the disk serve.
type probeREST func(ctx context.Context) health.Status

func (p probeREST) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	status := p(r.Context())
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	if status != health.Up {
		w.WriteHeader(http.StatusServiceUnavailable)
	}
	_, _ = w.Write([]byte(`{"status":"` + string(status) + `"}`))
}

// readiness is the standard gRPC health service (grpc.health.v1.Health) over
// the portal's readiness: SERVING when the process can serve, for the whole
// process ("") and each of the portal's services alike; an unknown service
// is NotFound, as the protocol says.
type readiness struct {
	queries  management.Queries
	services []string
}

func (h readiness) Check(ctx context.Context, req *grpchealth.CheckRequest) (*grpchealth.CheckResponse, error) {
	if req.Service != "" && !slices.Contains(h.services, req.Service) {
		return nil, connect.NewError(connect.CodeNotFound, nil)
	}
	if h.queries.CheckReadiness(ctx) != health.Up {
		return &grpchealth.CheckResponse{Status: grpchealth.StatusNotServing}, nil
	}
	return &grpchealth.CheckResponse{Status: grpchealth.StatusServing}, nil
}
