// Package origin carries where a request came from (the client's address,
// as the transport resolved it behind trusted proxies) through the use
// cases to the audit log, which records it beside who and what.
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
