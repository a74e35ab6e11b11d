package rpc

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
)

// fakeConn is a handler stream whose client sent msg.
type fakeConn struct {
	connect.StreamingHandlerConn
	msg    *portalv1.GetBatchRequest
	header http.Header
}

func (c fakeConn) Spec() connect.Spec {
	return connect.Spec{Procedure: "/portal.v1.BatchService/GetBatch"}
}
func (c fakeConn) RequestHeader() http.Header { return c.header }
func (c fakeConn) Receive(m any) error {
	m.(*portalv1.GetBatchRequest).Id = c.msg.GetId()
	return nil
}

func TestAStreamsRequestBreakingAFieldRuleIsRefused(t *testing.T) {
	v, err := newValidation()
	if err != nil {
		t.Fatal(err)
	}
	handler := v.streamInterceptor(func(_ context.Context, conn connect.StreamingHandlerConn) error {
		return conn.Receive(&portalv1.GetBatchRequest{})
	})
	if err := handler(context.Background(), fakeConn{msg: &portalv1.GetBatchRequest{}}); connect.CodeOf(err) != connect.CodeInvalidArgument {
		t.Errorf("a request without its required id = %v", err)
	}
	if err := handler(context.Background(), fakeConn{msg: &portalv1.GetBatchRequest{Id: 7}}); err != nil {
		t.Errorf("a valid request = %v", err)
	}
}

func TestAStreamWithoutASignInIsRefusedBeforeItsHandlerRuns(t *testing.T) {
	ran := false
	handler := newAuthenticator(nil).streamInterceptor(func(context.Context, connect.StreamingHandlerConn) error {
		ran = true
		return nil
	})
	err := handler(context.Background(), fakeConn{header: http.Header{}})
	if ran || err == nil {
		t.Errorf("an anonymous stream ran %v, answered %v", ran, err)
	}
	if err := mapStreamErrors(func(context.Context, connect.StreamingHandlerConn) error { return err })(context.Background(), nil); connect.CodeOf(err) != connect.CodeUnauthenticated {
		t.Errorf("mapped = %v", err)
	}
}

// Streams skip the audit step: none of the audited procedures may stream.
func TestNoAuditedProcedureStreams(t *testing.T) {
	for procedure := range audited {
		svc, method, _ := strings.Cut(strings.TrimPrefix(procedure, "/"), "/")
		d, err := protoregistry.GlobalFiles.FindDescriptorByName(protoreflect.FullName(svc))
		if err != nil {
			t.Fatalf("%s: %v", procedure, err)
		}
		md := d.(protoreflect.ServiceDescriptor).Methods().ByName(protoreflect.Name(method))
		if md == nil {
			t.Fatalf("%s: no such method", procedure)
		}
		if md.IsStreamingServer() || md.IsStreamingClient() {
			t.Errorf("%s streams, but streams are not audited", procedure)
		}
	}
}

// The progress streams are Connect, gRPC and gRPC-Web only: the REST
// facade keeps the polled reads, and the OpenAPI document names no stream
// it cannot serve.
func TestHeldStreamsHaveNoRESTRouteNorOpenAPIPath(t *testing.T) {
	if len(heldStreams) == 0 {
		t.Fatal("no held streams")
	}
	for procedure := range heldStreams {
		svc, method, _ := strings.Cut(strings.TrimPrefix(procedure, "/"), "/")
		d, err := protoregistry.GlobalFiles.FindDescriptorByName(protoreflect.FullName(svc))
		if err != nil {
			t.Fatalf("%s: %v", procedure, err)
		}
		md := d.(protoreflect.ServiceDescriptor).Methods().ByName(protoreflect.Name(method))
		if md == nil || !md.IsStreamingServer() {
			t.Fatalf("%s is no server stream", procedure)
		}
		if _, ok := restRouteOf(md); ok {
			t.Errorf("%s has a REST route", procedure)
		}
		if strings.Contains(string(openAPIDocument), method) {
			t.Errorf("the OpenAPI document names %s", method)
		}
	}
}
