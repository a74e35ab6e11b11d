package rpc

import (
	"context"
	"crypto/sha256"
	"errors"
	"strconv"
	"strings"
	"sync"
	"time"

	"connectrpc.com/connect"

	"parcelportal/app/identity"
	"parcelportal/core/access"
	"parcelportal/core/failure"
	"parcelportal/core/linkdownload"
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

// DownloadRedeemer takes the token of a link download (app/downloadtoken):
// once, for the download and resource it was made for, before it expires;
// it answers the caller who asked for it.
type DownloadRedeemer interface {
	Redeem(ctx context.Context, token string, purpose linkdownload.Purpose, resource string) (*access.Caller, error)
}

// authenticator enforces the policy table: it resolves the bearer, refuses
// what the caller may not call, and puts the caller into the context.
type authenticator struct {
	resolver CallerResolver
	cache    *callerCache
	// downloads redeems the tokens of link downloads; nil refuses them all.
	downloads DownloadRedeemer
}

func newAuthenticator(resolver CallerResolver) *authenticator {
	return &authenticator{resolver: resolver, cache: newCallerCache(10 * time.Second)}
}

func (a *authenticator) interceptor() connect.UnaryInterceptorFunc {
	return func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
			ctx, err := a.authorizeRequest(ctx, req)
			if err != nil {
				return nil, toConnectError(ctx, err)
			}
			return next(ctx, req)
		}
	}
}

// linkRequest is a link download's request: the resource and the token of
// its ?bearer= parameter.
type linkRequest interface {
	GetId() int64
	GetBearer() string
}

// authorizeRequest authorizes by the Authorization header; a link download
// of linkDownloads without one may carry a download token in its bearer
// field instead. A session token there is refused: it is no download token.
func (a *authenticator) authorizeRequest(ctx context.Context, req connect.AnyRequest) (context.Context, error) {
	procedure := req.Spec().Procedure
	header := req.Header().Get("Authorization")
	if purpose, link := linkDownloads[procedure]; link && header == "" {
		if m, ok := req.Any().(linkRequest); ok && m.GetBearer() != "" {
			return a.redeem(ctx, procedure, purpose, m)
		}
	}
	return a.authorize(ctx, procedure, header)
}

// redeem takes the link's download token and puts the caller who asked for
// it into the context, if the policy still lets that caller download.
func (a *authenticator) redeem(ctx context.Context, procedure string, purpose linkdownload.Purpose, m linkRequest) (context.Context, error) {
	if a.downloads == nil {
		return ctx, linkdownload.ErrTokenInvalid
	}
	caller, err := a.downloads.Redeem(ctx, m.GetBearer(), purpose, strconv.FormatInt(m.GetId(), 10))
	if err != nil {
		return ctx, err
	}
	if !policies[procedure].Allows(caller) {
		return ctx, failure.New(failure.Forbidden, "error.forbidden")
	}
	return context.WithValue(ctx, callerKey{}, caller), nil
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
