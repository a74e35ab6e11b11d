package rpc

import (
	"context"
	"crypto/sha256"
	"errors"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"time"

	"connectrpc.com/connect"

	"parcelportal/app/identity"
	"parcelportal/core/access"
	"parcelportal/core/account"
	"parcelportal/core/failure"
	"parcelportal/core/linkdownload"
	"parcelportal/core/origin"
)

// CallerResolver turns a bearer into the caller.
type CallerResolver interface {
	ResolveCaller(ctx context.Context, token string) (identity.CallerState, error)
}

type callerKey struct{}
type tokenKey struct{}
type sessionUserKey struct{}

// callerFrom is how handlers get the caller of the request: the auth
// interceptor put it into the context of every procedure that needs a
// sign-in (and refuses the request otherwise), so it is never nil there;
// nil for anonymous visitors of public procedures.
func callerFrom(ctx context.Context) *access.Caller {
	c, _ := ctx.Value(callerKey{}).(*access.Caller)
	return c
}

// tokenFrom returns the request's bearer; empty for anonymous visitors.
func tokenFrom(ctx context.Context) string {
	t, _ := ctx.Value(tokenKey{}).(string)
	return t
}

// sessionUserFrom returns the login as read with the request's session
// (identity.CallerState.User); false for requests without a session.
func sessionUserFrom(ctx context.Context) (account.User, bool) {
	u, ok := ctx.Value(sessionUserKey{}).(account.User)
	return u, ok
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
	// observer counts the cache's hits and misses; nil counts nothing.
	observer Observer
	// changes carries session changes between portal processes; nil when
	// this process is the only one (its cache follows its own changes).
	changes SessionChanges
	// log reports changes that could not be shared; nil logs nothing.
	log *slog.Logger
	// admissions admit requests of their procedures before their bodies
	// are read (admitBodies).
	admissions map[string]admitter
	// streamLimits bound the held streams (streams.go); streams counts them.
	streamLimits StreamLimits
	streams      openStreams
}

// SessionChanges carries changes of logins' sessions between the portal
// processes of one installation (adapters/sessions), so that a cache kept
// per process never trusts a session changed in another one: Epoch is read
// before a bearer is resolved and kept with the answer, ChangedAt before a
// cached answer is trusted (stale once above that epoch), Changed after a
// sign-out, a finished second factor, a password, profile or role change.
type SessionChanges interface {
	Epoch(ctx context.Context) (uint64, error)
	ChangedAt(ctx context.Context, identityID string) (uint64, error)
	Changed(ctx context.Context, identityID string) error
}

func newAuthenticator(resolver CallerResolver) *authenticator {
	return &authenticator{resolver: resolver, cache: newCallerCache(10 * time.Second)}
}

func (a *authenticator) interceptor() connect.UnaryInterceptorFunc {
	return func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
			ctx, err := a.authorizeRequest(ctx, req)
			if err != nil {
				return nil, err
			}
			if callerFrom(ctx) == nil && !policies[req.Spec().Procedure].IsPublic() {
				// Unreachable while authorize holds; handlers rely on it.
				return nil, errNoCaller
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
	origin.NoteCaller(ctx, caller.Login)
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
	if !hasBearer || token == "" || !policy.ReadsCaller() {
		if policy.IsPublic() {
			return ctx, nil
		}
		return ctx, failure.New(failure.Unauthenticated, "error.unauthenticated")
	}
	state, err := a.resolve(ctx, token)
	if err == nil && state.Caller != nil {
		origin.NoteCaller(ctx, state.Caller.Login)
	}
	if err != nil {
		if policy.IsPublic() {
			return ctx, nil // a stale bearer does not stop public calls
		}
		if f, expected := failure.As(err); expected && (f.Kind == failure.Unauthenticated || f.Kind == failure.Forbidden) {
			return ctx, failure.New(failure.Unauthenticated, "error.unauthenticated")
		}
		// Kratos unavailable or too slow: say so, and do not sign the user out.
		return ctx, err
	}
	if state.MFAPending && !duringMFA[procedure] && !policy.IsPublic() {
		return ctx, failure.New(failure.Forbidden, "error.mfa.pending")
	}
	if !policy.Allows(state.Caller) {
		return ctx, failure.New(failure.Forbidden, "error.forbidden")
	}
	ctx = context.WithValue(ctx, callerKey{}, state.Caller)
	if state.User.ID != "" {
		ctx = context.WithValue(ctx, sessionUserKey{}, state.User)
	}
	return context.WithValue(ctx, tokenKey{}, token), nil
}

func (a *authenticator) resolve(ctx context.Context, token string) (identity.CallerState, error) {
	if len(token) > maxBearerLength {
		return identity.CallerState{}, account.ErrBadCredentials
	}
	key := sha256.Sum256([]byte(token))
	state, epoch, ok := a.cache.get(key)
	if ok && !a.current(ctx, state, epoch) {
		ok = false
	}
	if a.observer != nil {
		a.observer.ObserveSessionCache(ok)
	}
	if ok {
		return state, nil
	}
	if a.cache.unknown(key) {
		return identity.CallerState{}, account.ErrBadCredentials
	}
	// Taken before asking: an answer that a drop overtook is not cached.
	generation := a.cache.generation()
	ctx, cancel := context.WithTimeout(ctx, resolveTimeout)
	defer cancel()
	// Read before asking too, for the other processes' changes; unreadable,
	// the answer is used once and not cached.
	epoch, shared := a.epoch(ctx)
	state, err := a.resolver.ResolveCaller(ctx, token)
	if failure.HasKey(err, account.KeyBadCredentials) {
		// No such session: a flood of made-up bearers asks Kratos once each.
		a.cache.putUnknown(key)
	}
	if err != nil {
		return identity.CallerState{}, err
	}
	if shared {
		a.cache.put(key, state, generation, epoch)
	}
	return state, nil
}

// epoch reads the installation's session-change counter; false if it cannot
// be read (Redis down or slow).
func (a *authenticator) epoch(ctx context.Context) (uint64, bool) {
	if a.changes == nil {
		return 0, true
	}
	ctx, cancel := context.WithTimeout(ctx, sharedTimeout)
	defer cancel()
	e, err := a.changes.Epoch(ctx)
	return e, err == nil
}

// current tells whether a cached answer, resolved at epoch, still holds: no
// process changed the login's sessions since. Unreadable, it does not.
func (a *authenticator) current(ctx context.Context, state identity.CallerState, epoch uint64) bool {
	if a.changes == nil || state.Caller == nil {
		return true
	}
	ctx, cancel := context.WithTimeout(ctx, sharedTimeout)
	defer cancel()
	at, err := a.changes.ChangedAt(ctx, state.Caller.IdentityID)
	return err == nil && at <= epoch
}

// share tells the other processes that the login's sessions changed. It
// runs after the change, whether or not the request was cancelled.
func (a *authenticator) share(ctx context.Context, identityID string) {
	if a.changes == nil || identityID == "" {
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), sharedTimeout)
	defer cancel()
	if err := a.changes.Changed(ctx, identityID); err != nil && a.log != nil {
		a.log.WarnContext(ctx, "session change not shared: other portal processes may trust the old session up to 10 s", "identity", identityID, "error", err)
	}
}

// sharedTimeout bounds a look-up of the shared session changes: past it the
// cache is not trusted and the identity provider is asked.
const sharedTimeout = 500 * time.Millisecond

// resolveTimeout bounds resolving a bearer (Kratos' whoami and admin API,
// the portal's database): past it the request ends with error.timeout or
// error.identityUnavailable instead of hanging.
const resolveTimeout = 15 * time.Second

// maxBearerLength is far above Kratos' session tokens; longer ones are
// refused without asking Kratos.
const maxBearerLength = 512

// forget drops a bearer from the cache after its session changed: signed
// out (call it after the session was revoked), or finished its second
// factor. The other processes drop every cached bearer of its login.
func (a *authenticator) forget(ctx context.Context, token string) {
	if a == nil {
		return
	}
	identityID := a.cache.drop(sha256.Sum256([]byte(token)))
	if c := callerFrom(ctx); c != nil {
		identityID = c.IdentityID
	}
	a.share(ctx, identityID)
}

// forgetIdentity drops every cached bearer of the identity, in this process
// and in the others: an admin changed its roles or status or deleted it, or
// its password or profile changed.
func (a *authenticator) forgetIdentity(ctx context.Context, identityID string) {
	if a != nil {
		a.cache.dropIdentity(identityID)
		a.share(ctx, identityID)
	}
}

// callerCache keeps resolved bearers briefly, so a page's burst of calls
// asks the identity provider once. Entries are indexed by identity too, so
// that all bearers of a login can be dropped at once. Every drop starts a
// new generation, and an answer asked for in an older one is not cached: a
// request that resolved a bearer just before it was revoked cannot put it
// back after the drop.
type callerCache struct {
	ttl        time.Duration
	mu         sync.Mutex
	entries    map[[32]byte]cachedCaller
	byIdentity map[string]map[[32]byte]struct{}
	gen        uint64
	// unknowns are bearers Kratos named no session for, until when.
	unknowns map[[32]byte]time.Time
}

type cachedCaller struct {
	state   identity.CallerState
	expires time.Time
	// epoch is the shared change counter read before resolving (SessionChanges).
	epoch uint64
}

// maxCachedCallers bounds memory; past it the cache starts afresh.
const maxCachedCallers = 10000

func newCallerCache(ttl time.Duration) *callerCache {
	return &callerCache{ttl: ttl, entries: map[[32]byte]cachedCaller{}, byIdentity: map[string]map[[32]byte]struct{}{},
		unknowns: map[[32]byte]time.Time{}}
}

// unknownTTL is how long a bearer that names no session is refused without
// asking Kratos again. Such a bearer never becomes valid.
const unknownTTL = 30 * time.Second

func (c *callerCache) unknown(key [32]byte) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	until, ok := c.unknowns[key]
	return ok && time.Now().Before(until)
}

func (c *callerCache) putUnknown(key [32]byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.unknowns) >= maxCachedCallers {
		c.unknowns = map[[32]byte]time.Time{}
	}
	c.unknowns[key] = time.Now().Add(unknownTTL)
}

func (c *callerCache) get(key [32]byte) (identity.CallerState, uint64, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.entries[key]
	if !ok || time.Now().After(e.expires) {
		return identity.CallerState{}, 0, false
	}
	return e.state, e.epoch, true
}

func (c *callerCache) generation() uint64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.gen
}

func (c *callerCache) put(key [32]byte, state identity.CallerState, generation, epoch uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if generation != c.gen {
		return
	}
	if len(c.entries) >= maxCachedCallers {
		c.entries, c.byIdentity = map[[32]byte]cachedCaller{}, map[string]map[[32]byte]struct{}{}
	}
	c.entries[key] = cachedCaller{state: state, expires: time.Now().Add(c.ttl), epoch: epoch}
	if state.Caller != nil {
		id := state.Caller.IdentityID
		if c.byIdentity[id] == nil {
			c.byIdentity[id] = map[[32]byte]struct{}{}
		}
		c.byIdentity[id][key] = struct{}{}
	}
}

// drop removes the bearer and answers its login's identity, if cached.
func (c *callerCache) drop(key [32]byte) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	identityID := ""
	if e, ok := c.entries[key]; ok && e.state.Caller != nil {
		identityID = e.state.Caller.IdentityID
		delete(c.byIdentity[identityID], key)
	}
	delete(c.entries, key)
	return identityID
}

func (c *callerCache) dropIdentity(identityID string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	for key := range c.byIdentity[identityID] {
		delete(c.entries, key)
	}
	delete(c.byIdentity, identityID)
}

// errNoCaller guards handlers of signed-in procedures against a missing
// caller, which authorize makes impossible; the interceptor checks it once
// for all of them.
var errNoCaller = errors.New("no caller in context")
