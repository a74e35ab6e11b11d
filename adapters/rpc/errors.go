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

// toConnectError turns any error of a use case into a Connect error carrying
// an ErrorDetail. Expected failures keep their key and parameters; anything
// else is logged and reported as unknown, without internals.
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
	switch {
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
