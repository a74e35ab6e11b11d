package rpc_test

import (
	"context"
	"errors"
	"net/http"
	"sync/atomic"
	"testing"

	"connectrpc.com/connect"
	"connectrpc.com/grpchealth"

	"parcelportal/adapters/rpc/gen/portal/v1/portalv1connect"
	"parcelportal/app/management"
)

// Liveness asks nothing; readiness turns DOWN with the database and stays UP
// with the mail relay down; the gRPC health service says the same to gRPC
// clients (grpcurl, Kubernetes' gRPC probe) without a bearer.
func TestProbesForALoadBalancerAndAnOrchestrator(t *testing.T) {
	var dbDown atomic.Bool
	q := healthyQueries()
	q.Probes = map[string]management.Probe{
		"db": probeFunc(func(context.Context) error {
			if dbDown.Load() {
				return errors.New("read-only")
			}
			return nil
		}),
		"mail": probeFunc(func(context.Context) error { return errors.New("refused") }),
	}
	q.Ready = []string{"db"}
	srv := newServer(t, q)
	health := grpchealth.NewClient(srv.Client(), srv.URL, connect.WithGRPC())
	expect := func(wantLive, wantReady int, wantGRPC grpchealth.Status) {
		t.Helper()
		if rsp, body := get(t, srv, "/management/health/liveness"); rsp.StatusCode != wantLive || string(body) != map[int]string{200: `{"status":"UP"}`}[wantLive] {
			t.Errorf("liveness = %d %s", rsp.StatusCode, body)
		}
		if rsp, body := get(t, srv, "/management/health/readiness"); rsp.StatusCode != wantReady {
			t.Errorf("readiness = %d %s", rsp.StatusCode, body)
		}
		for _, service := range []string{"", portalv1connect.BatchServiceName} {
			got, err := health.Check(context.Background(), &grpchealth.CheckRequest{Service: service})
			if err != nil || got.Status != wantGRPC {
				t.Errorf("grpc.health.v1 Check(%q) = %v, %v; want %v", service, got, err, wantGRPC)
			}
		}
	}
	expect(http.StatusOK, http.StatusOK, grpchealth.StatusServing)
	// The aggregate for people stays DOWN for the mail relay.
	if rsp, _ := get(t, srv, "/management/health"); rsp.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("management/health with the mail down = %d", rsp.StatusCode)
	}
	dbDown.Store(true)
	expect(http.StatusOK, http.StatusServiceUnavailable, grpchealth.StatusNotServing)
	if _, err := health.Check(context.Background(), &grpchealth.CheckRequest{Service: "no.such.Service"}); connect.CodeOf(err) != connect.CodeNotFound {
		t.Errorf("an unknown service = %v", err)
	}
}
