package rpc

import (
	"context"
	"errors"
	"log/slog"

	"connectrpc.com/connect"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/core/failure"
)

// codeOf is the one place where a kind of failure becomes a status code.
var codeOf = map[failure.Kind]connect.Code{
	failure.Invalid:         connect.CodeInvalidArgument,
	failure.NotFound:        connect.CodeNotFound,
	failure.Conflict:        connect.CodeFailedPrecondition,
	failure.Unauthenticated: connect.CodeUnauthenticated,
	failure.Forbidden:       connect.CodePermissionDenied,
	failure.Unavailable:     connect.CodeUnavailable,
	failure.TooMany:         connect.CodeResourceExhausted,
}

// mapErrors is the outermost interceptor of every service: whatever the
// auth interceptor refuses and whatever a handler or its use case returns
// leaves through toConnectError, so handlers return their errors as they
// come and no handler maps one by hand.
func mapErrors() connect.UnaryInterceptorFunc {
	return func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
			res, err := next(ctx, req)
			if err != nil {
				return nil, toConnectError(ctx, err)
			}
			return res, nil
		}
	}
}

// toConnectError turns any error of a use case into a Connect error carrying
// an ErrorDetail. Expected failures keep their key and parameters; a Connect
// error made on purpose by an interceptor (a body refused, a request that
// breaks a field rule) passes as it is; anything else is logged and
// reported as unknown, without internals. mapErrors calls it for every
// handler; outside handlers only admitBodies does, before a handler runs.
func toConnectError(ctx context.Context, err error) error {
	if err == nil {
		return nil
	}
	if f, ok := failure.As(err); ok {
		code, known := codeOf[f.Kind]
		if !known {
			code = connect.CodeUnknown
		}
		return withDetail(connect.NewError(code, errors.New(f.Key)), detailOf(f))
	}
	var made *connect.Error
	switch {
	case errors.As(err, &made):
		return made
	case errors.Is(err, context.Canceled):
		return connect.NewError(connect.CodeCanceled, err)
	case errors.Is(err, context.DeadlineExceeded):
		return withDetail(connect.NewError(connect.CodeDeadlineExceeded, errors.New("error.timeout")),
			&portalv1.ErrorDetail{MessageKey: "error.timeout"})
	}
	slog.ErrorContext(ctx, "unexpected failure", "error", err)
	return withDetail(connect.NewError(connect.CodeUnknown, errors.New("error.internal")),
		&portalv1.ErrorDetail{MessageKey: "error.internal"})
}

func detailOf(f *failure.Error) *portalv1.ErrorDetail {
	d := &portalv1.ErrorDetail{MessageKey: f.Key, Params: f.Params, EntityName: f.Entity}
	for _, v := range f.Fields {
		d.FieldErrors = append(d.FieldErrors, &portalv1.FieldError{ObjectName: v.Object, Field: v.Field, Message: v.Rule})
	}
	return d
}

func withDetail(err *connect.Error, detail *portalv1.ErrorDetail) *connect.Error {
	if d, derr := connect.NewErrorDetail(detail); derr == nil {
		err.AddDetail(d)
	}
	return err
}
