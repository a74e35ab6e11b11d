package rpc

import (
	"context"
	"crypto/sha256"
	"errors"
	"log/slog"
	"sync"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/proto"

	"parcelportal/adapters/rpc/gen/portal/v1/portalv1connect"
	"parcelportal/core/failure"
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
		if heldStreams[procedure] {
			return a.hold(ctx, conn, next)
		}
		return next(ctx, conn)
	}
}

// heldStreams are the streams a page holds open for as long as it shows
// what they carry (the batch progress). The bulk zip ends with its file.
var heldStreams = map[string]bool{
	portalv1connect.BatchServiceWatchBatchesProcedure: true,
}

// StreamLimits bound the held streams; zero values take the defaults.
type StreamLimits struct {
	// PerSession is how many held streams one session may have open at
	// once (default 8: a few tabs, each a batch page or the batch list).
	PerSession int
	// Recheck is how often the session of a held stream is checked again
	// (default 10 s, the session cache's lifetime, so a check asks the
	// cache, which follows sign-outs and revocations in every process).
	Recheck time.Duration
}

func (l StreamLimits) withDefaults() StreamLimits {
	if l.PerSession <= 0 {
		l.PerSession = 8
	}
	if l.Recheck <= 0 {
		l.Recheck = 10 * time.Second
	}
	return l
}

// errTooManyStreams refuses a held stream beyond the session's limit; the
// page reads again every few seconds instead.
var errTooManyStreams = failure.New(failure.TooMany, "error.tooManyStreams")

// openStreams counts the held streams of each session (by its bearer's hash).
type openStreams struct {
	mu   sync.Mutex
	open map[[32]byte]int
}

func (o *openStreams) take(key [32]byte, limit int) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.open == nil {
		o.open = map[[32]byte]int{}
	}
	if o.open[key] >= limit {
		return false
	}
	o.open[key]++
	return true
}

func (o *openStreams) give(key [32]byte) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.open[key]--; o.open[key] <= 0 {
		delete(o.open, key)
	}
}

// hold runs a held stream within the session's limit and ends it as soon
// as its session has ended or was revoked: the session is checked again
// every Recheck, and a refusal cancels the stream with that refusal. A
// check the identity provider could not answer keeps the stream.
func (a *authenticator) hold(ctx context.Context, conn connect.StreamingHandlerConn, next connect.StreamingHandlerFunc) error {
	limits := a.streamLimits.withDefaults()
	authorization := conn.RequestHeader().Get("Authorization")
	key := sha256.Sum256([]byte(tokenFrom(ctx)))
	if !a.streams.take(key, limits.PerSession) {
		return errTooManyStreams
	}
	defer a.streams.give(key)
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	go func() {
		t := time.NewTicker(limits.Recheck)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				_, err := a.authorize(ctx, conn.Spec().Procedure, authorization)
				if f, expected := failure.As(err); expected && (f.Kind == failure.Unauthenticated || f.Kind == failure.Forbidden) {
					cancel(f)
					return
				}
			}
		}
	}()
	err := next(ctx, conn)
	if cause := context.Cause(ctx); cause != nil && !errors.Is(cause, context.Canceled) {
		return cause
	}
	return err
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
