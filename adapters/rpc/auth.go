package rpc

import (
	"context"
	"crypto/sha256"
	"errors"
	"strings"
	"sync"
	"time"

	"connectrpc.com/connect"

	"parcelportal/app/identity"
	"parcelportal/core/access"
	"parcelportal/core/failure"
)

// CallerResolver turns a bearer into the caller.
type CallerResolver interface {
	ResolveCaller(ctx context.Context, token string) (identity.CallerState, error)
}

type callerKey struct{}
type tokenKey struct{}

// callerFrom returns the caller of the request; nil for anonymous visitors.
func callerFrom(ctx context.Context) *access.Caller {
	c, _ := ctx.Value(callerKey{}).(*access.Caller)
	return c
}

// tokenFrom returns the request's bearer; empty for anonymous visitors.
func tokenFrom(ctx context.Context) string {
	t, _ := ctx.Value(tokenKey{}).(string)
	return t
}

// authenticator enforces the policy table: it resolves the bearer, refuses
// what the caller may not call, and puts the caller into the context.
type authenticator struct {
	resolver CallerResolver
	cache    *callerCache
}

func newAuthenticator(resolver CallerResolver) *authenticator {
	return &authenticator{resolver: resolver, cache: newCallerCache(10 * time.Second)}
}

func (a *authenticator) interceptor() connect.UnaryInterceptorFunc {
	return func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
			ctx, err := a.authorize(ctx, req.Spec().Procedure, authorizationOf(req))
			if err != nil {
				return nil, toConnectError(ctx, err)
			}
			return next(ctx, req)
		}
	}
}

// authorizationOf is the request's Authorization header; the link downloads
// of bearerInQuery may carry the token in their bearer field instead.
func authorizationOf(req connect.AnyRequest) string {
	header := req.Header().Get("Authorization")
	if header != "" || !bearerInQuery[req.Spec().Procedure] {
		return header
	}
	if m, ok := req.Any().(interface{ GetBearer() string }); ok && m.GetBearer() != "" {
		return "Bearer " + m.GetBearer()
	}
	return ""
}

func (a *authenticator) authorize(ctx context.Context, procedure, authorization string) (context.Context, error) {
	policy, known := policies[procedure]
	if !known {
		return ctx, failure.New(failure.Forbidden, "error.forbidden")
	}
	token, hasBearer := strings.CutPrefix(authorization, "Bearer ")
	token = strings.TrimSpace(token)
	if !hasBearer || token == "" {
		if policy.IsPublic() {
			return ctx, nil
		}
		return ctx, failure.New(failure.Unauthenticated, "error.unauthenticated")
	}
	state, err := a.resolve(ctx, token)
	if err != nil {
		if policy.IsPublic() {
			return ctx, nil // a stale bearer does not stop public calls
		}
		if _, expected := failure.As(err); expected {
			return ctx, failure.New(failure.Unauthenticated, "error.unauthenticated")
		}
		return ctx, err
	}
	if state.MFAPending && !duringMFA[procedure] && !policy.IsPublic() {
		return ctx, failure.New(failure.Forbidden, "error.mfa.pending")
	}
	if !policy.Allows(state.Caller) {
		return ctx, failure.New(failure.Forbidden, "error.forbidden")
	}
	ctx = context.WithValue(ctx, callerKey{}, state.Caller)
	return context.WithValue(ctx, tokenKey{}, token), nil
}

func (a *authenticator) resolve(ctx context.Context, token string) (identity.CallerState, error) {
	key := sha256.Sum256([]byte(token))
	if state, ok := a.cache.get(key); ok {
		return state, nil
	}
	state, err := a.resolver.ResolveCaller(ctx, token)
	if err != nil {
		return identity.CallerState{}, err
	}
	a.cache.put(key, state)
	return state, nil
}

// forget drops a bearer from the cache after its session changed: signed
// out, or finished its second factor.
func (a *authenticator) forget(token string) { a.cache.drop(sha256.Sum256([]byte(token))) }

// callerCache keeps resolved bearers briefly, so a page's burst of calls
// asks the identity provider once.
type callerCache struct {
	ttl     time.Duration
	mu      sync.Mutex
	entries map[[32]byte]cachedCaller
}

type cachedCaller struct {
	state   identity.CallerState
	expires time.Time
}

// maxCachedCallers bounds memory; past it the cache starts afresh.
const maxCachedCallers = 10000

func newCallerCache(ttl time.Duration) *callerCache {
	return &callerCache{ttl: ttl, entries: map[[32]byte]cachedCaller{}}
}

func (c *callerCache) get(key [32]byte) (identity.CallerState, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.entries[key]
	if !ok || time.Now().After(e.expires) {
		return identity.CallerState{}, false
	}
	return e.state, true
}

func (c *callerCache) put(key [32]byte, state identity.CallerState) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.entries) >= maxCachedCallers {
		c.entries = map[[32]byte]cachedCaller{}
	}
	c.entries[key] = cachedCaller{state: state, expires: time.Now().Add(c.ttl)}
}

func (c *callerCache) drop(key [32]byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.entries, key)
}

// errNoCaller guards handlers of signed-in procedures against a missing
// caller, which the interceptor makes impossible.
var errNoCaller = errors.New("no caller in context")
