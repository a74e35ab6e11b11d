package rpc

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"slices"
	"sort"
	"strings"
	"syscall"

	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/rpc/errdetails"

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
		return withBadRequest(withDetail(connect.NewError(code, errors.New(statusMessage(f.Key, f.Params))), detailOf(f)), coreViolations(f.Fields))
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
	if dependencyDown(err) {
		// A database or queue that is away: the caller may try again later.
		slog.WarnContext(ctx, "dependency unavailable", "error", err)
		return withDetail(connect.NewError(connect.CodeUnavailable, errors.New(KeyUnavailable)),
			&portalv1.ErrorDetail{MessageKey: KeyUnavailable})
	}
	slog.ErrorContext(ctx, "unexpected failure", "error", err)
	return withDetail(connect.NewError(connect.CodeUnknown, errors.New("error.internal")),
		&portalv1.ErrorDetail{MessageKey: "error.internal"})
}

// KeyUnavailable is the message of a call that failed because something the
// portal depends on (PostgreSQL, Redis) cannot be reached; the webapp
// translates it in every catalog (the HTTP 503 message).
const KeyUnavailable = "error.http.503"

// dependencyDown tells a failure to reach a dependency from a fault of the
// portal: a refused or broken connection, a connection closed under the
// caller, or PostgreSQL's own "connection exception" (08) and "operator
// intervention" (57: shutting down, cannot connect now) classes, and a
// database that takes no writes for now (unavailableStates: read-only,
// disk full, out of memory, too many connections).
func dependencyDown(err error) bool {
	var netErr net.Error
	if errors.As(err, &netErr) || errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE) {
		return true
	}
	var coded interface{ SQLState() string }
	if errors.As(err, &coded) {
		state := coded.SQLState()
		return strings.HasPrefix(state, "08") || strings.HasPrefix(state, "57") || slices.Contains(unavailableStates, state)
	}
	// pgx's pool and connection say so in words when their connection is gone.
	msg := err.Error()
	return strings.Contains(msg, "conn closed") || strings.Contains(msg, "failed to connect") ||
		strings.Contains(msg, "connection refused")
}

// unavailableStates are PostgreSQL's answers of a database that is there
// but cannot take the work for now; none of them is the caller's fault or
// the portal's, and the same call may work later:
//
//	25006 read_only_sql_transaction: the database was made read-only (a
//	      standby promoted late, default_transaction_read_only for upkeep)
//	53000 insufficient_resources, 53100 disk_full, 53200 out_of_memory,
//	53300 too_many_connections
//
// 53400 configuration_limit_exceeded (temp_file_limit, a query too big for
// its limits) is not among them: trying again later would not help.
var unavailableStates = []string{"25006", "53000", "53100", "53200", "53300"}

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

// statusMessage is the status message of a failure: its message key (what
// the portal's clients translate), then the limits among its params (max,
// maxRows, min, limit...) for gRPC clients and tools that show only the
// status message: "error.addressBook.tooManyRows (maxRows: 2000)". Other
// params (a name the caller sent) stay in the detail only.
func statusMessage(key string, params map[string]string) string {
	var limits []string
	for name, value := range params {
		if strings.HasPrefix(name, "max") || strings.HasPrefix(name, "min") || name == "limit" {
			limits = append(limits, fmt.Sprintf("%s: %s", name, value))
		}
	}
	if len(limits) == 0 {
		return key
	}
	sort.Strings(limits)
	return key + " (" + strings.Join(limits, ", ") + ")"
}

// coreViolations are the field errors of the core's field rules as
// google.rpc.BadRequest violations: the core names the rule (required,
// Size, pattern, email), not its limit.
func coreViolations(fields []failure.FieldViolation) []*errdetails.BadRequest_FieldViolation {
	var out []*errdetails.BadRequest_FieldViolation
	for _, f := range fields {
		out = append(out, &errdetails.BadRequest_FieldViolation{
			Field: f.Field, Description: "breaks the rule " + f.Rule, Reason: reasonOf(f.Rule),
		})
	}
	return out
}

// withBadRequest adds the violations as a google.rpc.BadRequest detail,
// which gRPC clients and tools (grpcurl, buf curl, Google's client
// libraries) read, beside the portal's own ErrorDetail; nothing without
// violations.
func withBadRequest(err *connect.Error, violations []*errdetails.BadRequest_FieldViolation) *connect.Error {
	if len(violations) == 0 {
		return err
	}
	if d, derr := connect.NewErrorDetail(&errdetails.BadRequest{FieldViolations: violations}); derr == nil {
		err.AddDetail(d)
	}
	return err
}

// reasonOf writes a rule as google.rpc's reasons are written
// (UPPER_SNAKE_CASE): "string.max_len" is STRING_MAX_LEN, "Size" SIZE.
func reasonOf(rule string) string {
	return strings.ToUpper(strings.NewReplacer(".", "_", "-", "_").Replace(rule))
}
