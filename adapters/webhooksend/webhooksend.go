// Package webhooksend posts signed webhook events to integrators'
// endpoints over HTTP. It connects only to addresses the webhook.Reach
// rule allows, checked on the address each connection actually goes to
// (not only on what the name resolved to when the endpoint was saved: a
// name can be made to resolve elsewhere later); it follows no redirect,
// bounds the whole exchange by a timeout and reads at most a few KB of the
// answer.
package webhooksend

import (
	"bytes"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"syscall"
	"time"

	"parcelportal/core/failure"
	"parcelportal/core/webhook"
)

// DefaultTimeout bounds one delivery: connecting, sending and the answer.
const DefaultTimeout = 15 * time.Second

// MaxAnswer is how much of an answer's body is read and kept in the log.
const MaxAnswer = 4 << 10

// Sender posts deliveries.
type Sender struct {
	// Reach is the rule of the addresses that may be connected to.
	Reach webhook.Reach
	// Timeout bounds one delivery; DefaultTimeout when zero.
	Timeout time.Duration
	// AllowHTTP takes http:// endpoints (outside production only).
	AllowHTTP bool
	// TLS configures the TLS client (tests trust their own server); the
	// system's roots when nil.
	TLS *tls.Config
	// Resolver looks host names up; net.DefaultResolver when nil.
	Resolver *net.Resolver
	// UserAgent names the portal to receivers.
	UserAgent string
}

// Answer is how a receiver answered one delivery.
type Answer struct {
	Status   int
	Body     []byte
	Duration time.Duration
}

func (s Sender) timeout() time.Duration {
	if s.Timeout <= 0 {
		return DefaultTimeout
	}
	return s.Timeout
}

func (s Sender) resolver() *net.Resolver {
	if s.Resolver == nil {
		return net.DefaultResolver
	}
	return s.Resolver
}

// Check reads an endpoint's URL and resolves its host, refusing it when the
// name does not resolve (webhook.KeyUnknownHost) or when any address it
// resolves to may not be reached (webhook.KeyAddressRefused).
func (s Sender) Check(ctx context.Context, rawURL string) error {
	a, err := webhook.ParseURL(rawURL, s.AllowHTTP)
	if err != nil {
		return failure.InvalidFields(failure.FieldViolation{Object: webhook.Object, Field: "url", Rule: "httpsUrl"})
	}
	ctx, cancel := context.WithTimeout(ctx, s.timeout())
	defer cancel()
	ips, err := s.resolver().LookupNetIP(ctx, "ip", a.Host)
	if err != nil || len(ips) == 0 {
		return &failure.Error{Kind: failure.Invalid, Key: webhook.KeyUnknownHost, Entity: webhook.Object, Cause: err}
	}
	for _, ip := range ips {
		if err := s.Reach.Check(netip.AddrPortFrom(ip, a.Port)); err != nil {
			return err
		}
	}
	return nil
}

// Post sends body with the headers to the endpoint's URL and reports the
// answer. A refused address is webhook.KeyAddressRefused; a connection or
// timeout failure is an error with the duration so far. Any answer,
// whatever its status, is an Answer: the caller decides what counts as
// delivered.
func (s Sender) Post(ctx context.Context, rawURL string, headers map[string]string, body []byte) (Answer, error) {
	if _, err := webhook.ParseURL(rawURL, s.AllowHTTP); err != nil {
		return Answer{}, err
	}
	ctx, cancel := context.WithTimeout(ctx, s.timeout())
	defer cancel()
	dialer := &net.Dialer{
		Resolver: s.resolver(),
		Control: func(_, to string, _ syscall.RawConn) error {
			ap, err := netip.ParseAddrPort(to)
			if err != nil {
				return err
			}
			return s.Reach.Check(ap)
		},
	}
	transport := &http.Transport{
		DialContext:           dialer.DialContext,
		TLSClientConfig:       s.TLS,
		TLSHandshakeTimeout:   s.timeout(),
		ResponseHeaderTimeout: s.timeout(),
		DisableKeepAlives:     true,
		// No proxy: a proxy would connect where the rule cannot see.
		Proxy: nil,
	}
	defer transport.CloseIdleConnections()
	client := &http.Client{
		Transport: transport,
		CheckRedirect: func(*http.Request, []*http.Request) error {
			return http.ErrUseLastResponse
		},
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, rawURL, bytes.NewReader(body))
	if err != nil {
		return Answer{}, err
	}
	req.Header.Set("Content-Type", "application/json")
	if s.UserAgent != "" {
		req.Header.Set("User-Agent", s.UserAgent)
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	start := time.Now()
	resp, err := client.Do(req)
	if err != nil {
		var refused *failure.Error
		if errors.As(err, &refused) {
			return Answer{Duration: time.Since(start)}, refused
		}
		return Answer{Duration: time.Since(start)}, fmt.Errorf("post webhook: %w", err)
	}
	defer func() { _ = resp.Body.Close() }()
	answer, _ := io.ReadAll(io.LimitReader(resp.Body, MaxAnswer))
	return Answer{Status: resp.StatusCode, Body: answer, Duration: time.Since(start)}, nil
}
