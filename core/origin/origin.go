// Package origin carries where a request came from (the client's address,
// as the transport resolved it behind trusted proxies) through the use
// cases to the audit log, which records it beside who and what; and the
// request's id through use cases and jobs to every log line, and who made the
// request to the access log.
package origin

import (
	"context"
	"sync/atomic"
)

type key struct{}

// With returns ctx carrying the client address addr.
func With(ctx context.Context, addr string) context.Context {
	return context.WithValue(ctx, key{}, addr)
}

// Address is the client address ctx carries; empty for work no client
// asked for (jobs, start-up).
func Address(ctx context.Context) string {
	addr, _ := ctx.Value(key{}).(string)
	return addr
}

type requestKey struct{}

// WithRequestID returns ctx carrying the id of the request that started
// the work, so that every log line of it, in the portal and in the job
// that continues it, names the same request.
func WithRequestID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, requestKey{}, id)
}

// RequestID is the request id ctx carries; empty for none.
func RequestID(ctx context.Context) string {
	id, _ := ctx.Value(requestKey{}).(string)
	return id
}

type callerKey struct{}

// callerNote is where the step that resolves the caller writes the login,
// for the steps around it that log the request when it ends.
type callerNote struct{ login atomic.Pointer[string] }

// WithCallerNote returns ctx with room for the caller's login: the access
// log and the RPC log wrap the step that resolves the caller, and read the
// login from here once the request is done. A ctx that has the room keeps it.
func WithCallerNote(ctx context.Context) context.Context {
	if _, ok := ctx.Value(callerKey{}).(*callerNote); ok {
		return ctx
	}
	return context.WithValue(ctx, callerKey{}, &callerNote{})
}

// NoteCaller records the login of the request's caller, once it is known
// (also when the caller is then refused: the log names who tried).
func NoteCaller(ctx context.Context, login string) {
	if n, ok := ctx.Value(callerKey{}).(*callerNote); ok {
		n.login.Store(&login)
	}
}

// NotedCaller is the login NoteCaller recorded; empty for an anonymous
// request or one without room for it.
func NotedCaller(ctx context.Context) string {
	if n, ok := ctx.Value(callerKey{}).(*callerNote); ok {
		if l := n.login.Load(); l != nil {
			return *l
		}
	}
	return ""
}
