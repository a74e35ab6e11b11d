package rpc

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"regexp"
	"strings"

	"parcelportal/core/origin"
)

// TrustedProxies are the reverse proxies whose X-Forwarded-For the portal
// believes (TRUSTED_PROXIES). Empty: none, and the client is whoever opened
// the connection.
type TrustedProxies []netip.Prefix

// ParseTrustedProxies reads a comma- or space-separated list of CIDRs or
// single addresses.
func ParseTrustedProxies(list string) (TrustedProxies, error) {
	var out TrustedProxies
	for _, item := range strings.FieldsFunc(list, func(r rune) bool { return r == ',' || r == ' ' }) {
		if p, err := netip.ParsePrefix(item); err == nil {
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(item)
		if err != nil {
			return nil, fmt.Errorf("%q is neither a CIDR nor an address", item)
		}
		out = append(out, netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()))
	}
	return out, nil
}

func (t TrustedProxies) trusts(a netip.Addr) bool {
	a = a.Unmap()
	for _, p := range t {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// ClientAddr is the address of the client that sent r: the connection's
// peer, or, when the peer is a trusted proxy, the nearest address in
// X-Forwarded-For that is not a trusted proxy. Entries a client wrote
// itself (left of the first untrusted hop) are never believed.
func (t TrustedProxies) ClientAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	peer, err := netip.ParseAddr(host)
	if err != nil || !t.trusts(peer) {
		return host
	}
	var hops []string
	for _, h := range r.Header.Values("X-Forwarded-For") {
		hops = append(hops, strings.Split(h, ",")...)
	}
	client := peer
	for i := len(hops) - 1; i >= 0; i-- {
		hop, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			break // garbage: the last proxy we trust is as near as we know
		}
		client = hop.Unmap()
		if !t.trusts(client) {
			break
		}
	}
	return client.String()
}

type clientAddrKey struct{}

// withClientAddr resolves the client's address once per request, for every
// use of it (sign-in throttling, captcha, reset throttling) through remoteAddr.
func withClientAddr(proxies TrustedProxies, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		addr := proxies.ClientAddr(r)
		// The audit log records it beside who and what (core/origin).
		ctx := origin.With(context.WithValue(r.Context(), clientAddrKey{}, addr), addr)
		// The caller's login, once resolved, for the logs that wrap the call.
		ctx = origin.WithCallerNote(ctx)
		// Every log line of the request, and of the jobs it starts, names it.
		id := requestID(r.Header.Get("X-Request-Id"))
		w.Header().Set("X-Request-Id", id)
		next.ServeHTTP(w, r.WithContext(origin.WithRequestID(ctx, id)))
	})
}

// remoteAddr is the client's address as withClientAddr resolved it: the one
// place handlers read it from.
func remoteAddr(ctx context.Context) string {
	a, _ := ctx.Value(clientAddrKey{}).(string)
	return a
}

var wellFormedRequestID = regexp.MustCompile(`^[A-Za-z0-9._-]{8,64}$`)

// requestID is the id a proxy gave the request (X-Request-Id) when it is a
// plain token, else a new random one: a client cannot put text of its own
// choosing into the logs.
func requestID(given string) string {
	if wellFormedRequestID.MatchString(given) {
		return given
	}
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
