package rpc

import (
	"context"
	"log/slog"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/proto"

	"parcelportal/core/origin"
)

// A server stream (the bulk customs-document zip, sent in pieces) passes the
// same steps as a unary call: observed, errors mapped, the caller
// authorized by the policy table, the request's field rules checked. Each
// step is one value with both faces, so a streaming procedure can never
// skip a step a unary one takes. Streams are not audited: none of the
// audited procedures streams (TestNoAuditedProcedureStreams).

// step is one interceptor of the chain, for unary calls and handler streams.
type step struct {
	connect.UnaryInterceptorFunc
	stream func(connect.StreamingHandlerFunc) connect.StreamingHandlerFunc
}

// WrapStreamingHandler runs the step's stream face.
func (s step) WrapStreamingHandler(next connect.StreamingHandlerFunc) connect.StreamingHandlerFunc {
	return s.stream(next)
}

// observeStream times a stream and counts it by the code it ended with.
func observeStream(o Observer, log *slog.Logger) func(connect.StreamingHandlerFunc) connect.StreamingHandlerFunc {
	return func(next connect.StreamingHandlerFunc) connect.StreamingHandlerFunc {
		return func(ctx context.Context, conn connect.StreamingHandlerConn) error {
			started := time.Now()
			err := next(ctx, conn)
			code := "ok"
			if err != nil {
				code = connect.CodeOf(err).String()
			}
			d := time.Since(started)
			if o != nil {
				o.ObserveRPC(conn.Spec().Procedure, code, d)
			}
			if log != nil && log.Enabled(ctx, slog.LevelDebug) {
				log.DebugContext(ctx, "rpc stream", "procedure", conn.Spec().Procedure, "code", code, "ms", d.Milliseconds(),
					"caller", origin.NotedCaller(ctx))
			}
			return err
		}
	}
}

// mapStreamErrors maps a stream's error as mapErrors maps a call's.
func mapStreamErrors(next connect.StreamingHandlerFunc) connect.StreamingHandlerFunc {
	return func(ctx context.Context, conn connect.StreamingHandlerConn) error {
		if err := next(ctx, conn); err != nil {
			return toConnectError(ctx, err)
		}
		return nil
	}
}

// streamInterceptor authorizes a stream by its Authorization header (link
// downloads do not stream) before the handler reads the request.
func (a *authenticator) streamInterceptor(next connect.StreamingHandlerFunc) connect.StreamingHandlerFunc {
	return func(ctx context.Context, conn connect.StreamingHandlerConn) error {
		procedure := conn.Spec().Procedure
		ctx, err := a.authorize(ctx, procedure, conn.RequestHeader().Get("Authorization"))
		if err != nil {
			return err
		}
		if callerFrom(ctx) == nil && !policies[procedure].IsPublic() {
			return errNoCaller
		}
		return next(ctx, conn)
	}
}

// streamInterceptor checks the field rules of each message the handler
// receives.
func (v *validation) streamInterceptor(next connect.StreamingHandlerFunc) connect.StreamingHandlerFunc {
	return func(ctx context.Context, conn connect.StreamingHandlerConn) error {
		return next(ctx, validatedConn{StreamingHandlerConn: conn, v: v})
	}
}

type validatedConn struct {
	connect.StreamingHandlerConn
	v *validation
}

func (c validatedConn) Receive(msg any) error {
	if err := c.StreamingHandlerConn.Receive(msg); err != nil {
		return err
	}
	if m, ok := msg.(proto.Message); ok {
		return c.v.check(m)
	}
	return nil
}

// unaryOnly is a step of unary calls that streams pass through.
func unaryOnly(next connect.StreamingHandlerFunc) connect.StreamingHandlerFunc { return next }
