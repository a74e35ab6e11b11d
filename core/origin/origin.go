// Package origin carries where a request came from (the client's address,
// as the transport resolved it behind trusted proxies) through the use
// cases to the audit log, which records it beside who and what; and the
// request's id through use cases and jobs to every log line.
package origin

import "context"

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
