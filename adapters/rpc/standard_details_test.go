package rpc_test

import (
	"context"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"connectrpc.com/connect"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/adapters/rpc/gen/portal/v1/portalv1connect"
	"parcelportal/adapters/rpc/rpctest"
)

// A gRPC client (grpcurl, Google's client libraries) finds the violations
// of a request in the standard google.rpc.BadRequest beside the portal's
// ErrorDetail, each with protovalidate's text, which states the limit, and
// the status message names them after the key.
func TestViolationsComeAsGoogleRPCBadRequestOverGRPC(t *testing.T) {
	srv := httptest.NewUnstartedServer(documentsAPI(t))
	srv.EnableHTTP2 = true
	srv.StartTLS()
	t.Cleanup(srv.Close)
	client := portalv1connect.NewNewsServiceClient(srv.Client(), srv.URL, connect.WithGRPC())
	req := connect.NewRequest(&portalv1.MoveNewsRequest{Value: -1})
	req.Header().Set("Authorization", "Bearer ROLE_ADMIN")

	_, err := client.MoveNews(context.Background(), req)
	cerr, own, standard := rpctest.Details(t, err)
	if cerr.Code() != connect.CodeInvalidArgument || own.GetMessageKey() != "error.validation" || len(own.GetFieldErrors()) != 2 {
		t.Fatalf("error = %v, detail %v", err, own)
	}
	var got []string
	for _, v := range standard.GetFieldViolations() {
		got = append(got, v.GetField()+" "+v.GetReason()+" "+v.GetDescription())
	}
	want := []string{"id REQUIRED value is required", "value INT32_GTE must be greater than or equal to 0"}
	if !slices.Equal(got, want) {
		t.Fatalf("BadRequest = %q, want %q", got, want)
	}
	if msg := cerr.Message(); !strings.HasPrefix(msg, "error.validation"+": ") || !strings.Contains(msg, "value: must be greater than or equal to 0") {
		t.Fatalf("status message = %q, want the key and the limit", msg)
	}
}
