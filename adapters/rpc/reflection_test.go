package rpc_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"connectrpc.com/connect"
	"connectrpc.com/grpcreflect"
	"google.golang.org/protobuf/reflect/protodesc"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
	"google.golang.org/protobuf/types/descriptorpb"
	"google.golang.org/protobuf/types/dynamicpb"

	"parcelportal/adapters/rpc"
)

// TestReflectionIsOffUnlessAsked: an installation that did not set
// GRPC_REFLECTION lists its services to nobody, over v1 or v1alpha.
func TestReflectionIsOffUnlessAsked(t *testing.T) {
	srv := newServer(t, healthyQueries())
	client := grpcreflect.NewClient(srv.Client(), srv.URL, connect.WithGRPC())
	stream := client.NewStream(context.Background())
	defer stream.Close()
	if names, err := stream.ListServices(); err == nil || len(names) > 0 {
		t.Fatalf("reflection answered %v, %v", names, err)
	}
	for _, name := range []string{grpcreflect.ReflectV1ServiceName, grpcreflect.ReflectV1AlphaServiceName} {
		rsp, err := srv.Client().Post(srv.URL+"/"+name+"/ServerReflectionInfo", "application/grpc", strings.NewReader(""))
		if err != nil {
			t.Fatal(err)
		}
		_ = rsp.Body.Close()
		if strings.HasPrefix(rsp.Header.Get("Content-Type"), "application/grpc") {
			t.Errorf("%s answered %d %v", name, rsp.StatusCode, rsp.Header)
		}
	}
}

// TestGRPCThroughReflection does what grpcurl and buf curl do without a
// schema: list the services over gRPC server reflection, fetch the file
// of one, and call GetVersion over gRPC with messages built from it alone.
func TestGRPCThroughReflection(t *testing.T) {
	srv := newServerOf(t, rpc.Handlers{Management: rpc.ManagementHandler{Queries: healthyQueries()}, Callers: customerBearers{}, Reflection: true})
	ctx := context.Background()
	client := grpcreflect.NewClient(srv.Client(), srv.URL, connect.WithGRPC())
	stream := client.NewStream(ctx)
	defer stream.Close()
	names, err := stream.ListServices()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(names, "portal.v1.ManagementService") || !slices.Contains(names, "portal.v1.BatchService") {
		t.Fatalf("services %v", names)
	}
	files, err := stream.FileContainingSymbol("portal.v1.ManagementService")
	if err != nil {
		t.Fatal(err)
	}
	// The files arrive with their dependencies; build a registry of them alone.
	registry := new(protoregistry.Files)
	pending := files
	for len(pending) > 0 {
		var later []*descriptorpb.FileDescriptorProto
		for _, f := range pending {
			fd, err := protodesc.NewFile(f, registry)
			if err != nil {
				later = append(later, f)
				continue
			}
			if err := registry.RegisterFile(fd); err != nil {
				t.Fatal(err)
			}
		}
		if len(later) == len(pending) {
			t.Fatalf("files that cannot be resolved: %d", len(later))
		}
		pending = later
	}
	d, err := registry.FindDescriptorByName("portal.v1.ManagementService")
	if err != nil {
		t.Fatal(err)
	}
	method := d.(protoreflect.ServiceDescriptor).Methods().ByName("GetVersion")
	call := connect.NewClient[dynamicpb.Message, dynamicpb.Message](srv.Client(), srv.URL+"/portal.v1.ManagementService/GetVersion",
		connect.WithGRPC(), connect.WithSchema(method),
		connect.WithResponseInitializer(func(_ connect.Spec, msg any) error {
			*msg.(*dynamicpb.Message) = *dynamicpb.NewMessage(method.Output())
			return nil
		}))
	res, err := call.CallUnary(ctx, connect.NewRequest(dynamicpb.NewMessage(method.Input())))
	if err != nil {
		t.Fatal(err)
	}
	if v := res.Msg.Get(method.Output().Fields().ByName("version")).String(); v != "9.9.9" {
		t.Fatalf("version %q", v)
	}
}
