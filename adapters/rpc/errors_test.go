package rpc

import (
	"context"
	"errors"
	"testing"

	"connectrpc.com/connect"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
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
