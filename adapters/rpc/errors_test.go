package rpc

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"syscall"
	"testing"

	"connectrpc.com/connect"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/adapters/rpc/rpctest"
	"parcelportal/core/failure"
)

// The interceptor is the only place handler errors are mapped: a failure
// keeps its key, a Connect error made on purpose passes unchanged, and
// anything else is error.internal without its text.
func TestMapErrorsMapsWhatHandlersReturn(t *testing.T) {
	made := connect.NewError(connect.CodeResourceExhausted, errors.New(requestTooLargeKey))
	cases := []struct {
		name    string
		err     error
		code    connect.Code
		message string
	}{
		{"failure", failure.New(failure.NotFound, "error.news.notFound"), connect.CodeNotFound, "error.news.notFound"},
		{"connect error", made, connect.CodeResourceExhausted, requestTooLargeKey},
		{"unexpected", errors.New("pq: relation missing"), connect.CodeUnknown, "error.internal"},
		// A dependency that is away answers 503 with a translated key, not 500.
		{"database refused", fmt.Errorf("list batches: %w", &net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED}),
			connect.CodeUnavailable, KeyUnavailable},
		{"database shutting down", fmt.Errorf("query: %w", sqlStateError("57P01")), connect.CodeUnavailable, KeyUnavailable},
		{"connection lost", fmt.Errorf("query: %w", io.ErrUnexpectedEOF), connect.CodeUnavailable, KeyUnavailable},
		{"pool cannot connect", errors.New("failed to connect to `user=portal database=portal`: dial error"), connect.CodeUnavailable, KeyUnavailable},
		// A database that takes no writes (read-only, disk full) is as away as one that is down.
		{"database read-only", fmt.Errorf("insert: %w", sqlStateError("25006")), connect.CodeUnavailable, KeyUnavailable},
		{"disk full", fmt.Errorf("insert: %w", sqlStateError("53100")), connect.CodeUnavailable, KeyUnavailable},
		{"too many connections", fmt.Errorf("connect: %w", sqlStateError("53300")), connect.CodeUnavailable, KeyUnavailable},
		{"a query over its limits is no outage", fmt.Errorf("select: %w", sqlStateError("53400")), connect.CodeUnknown, "error.internal"},
		{"a constraint is no outage", fmt.Errorf("insert: %w", sqlStateError("23505")), connect.CodeUnknown, "error.internal"},
	}
	for _, c := range cases {
		handler := mapErrors()(func(context.Context, connect.AnyRequest) (connect.AnyResponse, error) { return nil, c.err })
		_, err := handler(context.Background(), connect.NewRequest(&portalv1.GetNewsRequest{}))
		var got *connect.Error
		if !errors.As(err, &got) || got.Code() != c.code || got.Message() != c.message {
			t.Errorf("%s: %v; want %v %s", c.name, err, c.code, c.message)
		}
	}
}

// sqlStateError is an error as PostgreSQL's driver reports it, with its
// SQLSTATE code.
type sqlStateError string

func (e sqlStateError) Error() string    { return "ERROR: state " + string(e) }
func (e sqlStateError) SQLState() string { return string(e) }

// The core's field rules come as BadRequest too, and a failure's limits
// (max, maxRows, ...) are in its status message; other params are not.
func TestCoreFailuresCarryStandardDetailsAndLimits(t *testing.T) {
	ctx := context.Background()
	_, own, standard := rpctest.Details(t, toConnectError(ctx, failure.InvalidFields(
		failure.FieldViolation{Object: "userQuery", Field: "status", Rule: "pattern"})))
	if own.GetMessageKey() != validationKey || len(standard.GetFieldViolations()) != 1 ||
		standard.GetFieldViolations()[0].GetField() != "status" || standard.GetFieldViolations()[0].GetReason() != "PATTERN" {
		t.Fatalf("core violation: detail %v, BadRequest %v", own, standard)
	}

	cerr, own, standard := rpctest.Details(t, toConnectError(ctx, failure.New(failure.Invalid, "error.addressBook.tooManyRows", "rows", "2500", "maxRows", "2000")))
	if cerr.Message() != "error.addressBook.tooManyRows (maxRows: 2000)" || own.GetParams()["rows"] != "2500" || standard != nil {
		t.Fatalf("limit failure: message %q, detail %v, BadRequest %v", cerr.Message(), own, standard)
	}
	if cerr, _, _ := rpctest.Details(t, toConnectError(ctx, failure.New(failure.NotFound, "error.customer.notFound", "name", "Bakery"))); cerr.Message() != "error.customer.notFound" {
		t.Fatalf("a failure without limits = %q", cerr.Message())
	}
	if cerr, _, _ := rpctest.Details(t, errRequestTooLarge(14<<20)); cerr.Message() != requestTooLargeKey+" (maxMegabytes: 14)" {
		t.Fatalf("too large = %q", cerr.Message())
	}
}
