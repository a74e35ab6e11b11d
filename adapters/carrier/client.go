// Package carrier speaks the carrier's SOAP shipping service (carrier.wsdl)
// for the core's carrier port, with encoding/xml over net/http.
//
// Sessions are opened lazily and their tickets cached per credentials; a
// ticket the carrier no longer knows is renewed once, transparently. SOAP
// client faults become *carrier.Fault; time-outs, refused connections, HTTP
// 5xx and server faults wrap carrier.ErrUnavailable, so callers retry them.
// Every exchange is returned as Traffic, with passwords, API keys and
// tickets masked.
package carrier

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"parcelportal/adapters/carrier/soap"
	"parcelportal/core/carrier"
	"parcelportal/core/shipment"
)

// Fault codes the client acts on.
const (
	codeInvalidTicket = "InvalidTicket"
	codeTicketExpired = "TicketExpired"
	codeNotFound      = "NotFound"
)

// DefaultTimeout bounds one exchange when no WithTimeout is given.
const DefaultTimeout = 30 * time.Second

// maxResponse bounds what is read of an answer; a manifest of 2000 parcels
// is well below it.
const maxResponse = 64 << 20

// Option configures a Client.
type Option func(*Client)

// WithTimeout bounds each exchange (authentication and the call itself
// separately); a call that runs out wraps carrier.ErrUnavailable.
func WithTimeout(d time.Duration) Option { return func(c *Client) { c.timeout = d } }

// WithHTTPClient replaces the HTTP client, for instance to use a test server's.
func WithHTTPClient(hc *http.Client) Option { return func(c *Client) { c.http = hc } }

// WithObserver has observe told of every exchange: the operation, its
// outcome (ok, fault, unavailable or error) and how long it took.
func WithObserver(observe func(ctx context.Context, op, outcome string, d time.Duration)) Option {
	return func(c *Client) { c.observe = observe }
}

// Client is the carrier port over SOAP; safe for concurrent use.
type Client struct {
	endpoint string
	timeout  time.Duration
	http     *http.Client
	now      func() time.Time
	observe  func(ctx context.Context, op, outcome string, d time.Duration)

	mu       sync.Mutex
	sessions map[carrier.Credentials]*session
}

// session is the ticket of one set of credentials. Its lock is held while
// authenticating, so that 16 workers starting at once open one session,
// not 16.
type session struct {
	mu      sync.Mutex
	ticket  string
	renewAt time.Time
}

var _ carrier.Carrier = (*Client)(nil)

// New returns a client of the service at endpoint (the SOAP address, e.g.
// http://127.0.0.1:8091/shipping).
func New(endpoint string, opts ...Option) *Client {
	transport := http.DefaultTransport.(*http.Transport).Clone()
	// Jobs call from many goroutines: keep their connections.
	transport.MaxIdleConnsPerHost = 64
	c := &Client{
		endpoint: endpoint,
		timeout:  DefaultTimeout,
		http:     &http.Client{Transport: transport},
		now:      time.Now,
		sessions: map[carrier.Credentials]*session{},
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

func (c *Client) session(cred carrier.Credentials) *session {
	c.mu.Lock()
	defer c.mu.Unlock()
	s, ok := c.sessions[cred]
	if !ok {
		s = &session{}
		c.sessions[cred] = s
	}
	return s
}

// ticket returns a valid ticket for cred, authenticating when there is none.
func (c *Client) ticket(ctx context.Context, cred carrier.Credentials) (string, carrier.Traffic, error) {
	s := c.session(cred)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ticket != "" && c.now().Before(s.renewAt) {
		return s.ticket, carrier.Traffic{}, nil
	}
	req := soap.Authenticate{
		Username: cred.Username, Password: cred.Password, APIKey: cred.A1APIKey,
		APIClient: cred.APIClient, CustomerCRMID: cred.CustomerCRMID,
	}
	shown := req
	shown.Password, shown.APIKey = mask(req.Password), mask(req.APIKey)
	var res soap.AuthenticateResponse
	t, err := c.exchange(ctx, soap.OpAuthenticate, req, shown, &res)
	if err != nil {
		return "", t, err
	}
	if res.Ticket == "" {
		return "", t, fmt.Errorf("%w: authenticate: answer without a ticket", carrier.ErrUnavailable)
	}
	// Renew a little before the carrier's expiry: at most 30 s, at most a
	// tenth of the lifetime.
	now := c.now()
	lifetime := res.ExpiresAt.Sub(now)
	s.ticket, s.renewAt = res.Ticket, res.ExpiresAt.Add(-min(30*time.Second, lifetime/10))
	if lifetime <= 0 {
		// The carrier's clock is ahead of ours: use the ticket until the
		// carrier refuses it, which renews it once.
		s.renewAt = now.Add(time.Minute)
	}
	return s.ticket, t, nil
}

// forget drops a ticket the carrier refused, unless another call renewed it already.
func (c *Client) forget(cred carrier.Credentials, ticket string) {
	s := c.session(cred)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ticket == ticket {
		s.ticket = ""
	}
}

// call runs an operation with a ticket: build makes the request for a
// ticket (called twice, the second time with the ticket masked for the
// traffic). A refused ticket is renewed once.
func (c *Client) call(ctx context.Context, cred carrier.Credentials, op string, build func(ticket string) any, out any) (carrier.Traffic, error) {
	for attempt := 0; ; attempt++ {
		ticket, t, err := c.ticket(ctx, cred)
		if err != nil {
			return t, err
		}
		t, err = c.exchange(ctx, op, build(ticket), build(maskTicket(ticket)), out)
		var f *carrier.Fault
		if attempt == 0 && errors.As(err, &f) && (f.Code == codeInvalidTicket || f.Code == codeTicketExpired) {
			c.forget(cred, ticket)
			continue
		}
		return t, err
	}
}

// exchange posts one envelope and reads the answer into out. shown is the
// request as the traffic keeps it.
func (c *Client) exchange(ctx context.Context, op string, req, shown, out any) (carrier.Traffic, error) {
	if c.observe == nil {
		return c.post(ctx, op, req, shown, out)
	}
	started := time.Now()
	t, err := c.post(ctx, op, req, shown, out)
	var f *carrier.Fault
	outcome := "ok"
	switch {
	case errors.As(err, &f):
		outcome = "fault"
	case errors.Is(err, carrier.ErrUnavailable):
		outcome = "unavailable"
	case err != nil:
		outcome = "error"
	}
	c.observe(ctx, op, outcome, time.Since(started))
	return t, err
}

// post is one exchange, unobserved.
func (c *Client) post(ctx context.Context, op string, req, shown, out any) (carrier.Traffic, error) {
	body, err := soap.Envelope(req)
	if err != nil {
		return carrier.Traffic{}, err
	}
	var t carrier.Traffic
	if shownBody, err := soap.Envelope(shown); err == nil {
		t.Request = string(shownBody)
	}
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	hreq, err := http.NewRequestWithContext(ctx, http.MethodPost, c.endpoint, bytes.NewReader(body))
	if err != nil {
		return t, err
	}
	hreq.Header.Set("Content-Type", "text/xml; charset=utf-8")
	hreq.Header.Set("SOAPAction", `"`+soap.Action(op)+`"`)
	res, err := c.http.Do(hreq)
	if err != nil {
		return t, unavailable(op, transportError(err))
	}
	defer res.Body.Close()
	data, err := io.ReadAll(io.LimitReader(res.Body, maxResponse))
	t.Response = string(data)
	if err != nil {
		return t, unavailable(op, transportError(err))
	}
	env, perr := soap.ReadEnvelope(bytes.NewReader(data))
	switch {
	case perr != nil && res.StatusCode >= 500, res.StatusCode == http.StatusTooManyRequests, res.StatusCode == http.StatusRequestTimeout:
		return t, unavailable(op, fmt.Errorf("HTTP %d", res.StatusCode))
	case perr != nil:
		return t, fmt.Errorf("carrier %s: HTTP %d: %w", op, res.StatusCode, perr)
	case env.Fault != nil:
		f := env.Fault
		if f.Kind != soap.FaultClient {
			return t, unavailable(op, f)
		}
		code, msg := f.Detail.Code, f.Detail.Message
		if code == "" {
			code = f.Kind
		}
		if msg == "" {
			msg = f.String
		}
		return t, &carrier.Fault{Code: code, Field: f.Detail.Field, Message: msg, Traffic: t}
	case res.StatusCode != http.StatusOK:
		return t, fmt.Errorf("carrier %s: HTTP %d without a fault", op, res.StatusCode)
	case env.Name.Space != soap.Namespace || env.Name.Local != op+"Response":
		return t, fmt.Errorf("carrier %s: answered with %s", op, env.Name.Local)
	}
	if err := env.Decode(out); err != nil {
		return t, fmt.Errorf("carrier %s: read answer: %w", op, err)
	}
	return t, nil
}

func unavailable(op string, cause error) error {
	return fmt.Errorf("%w: %s: %w", carrier.ErrUnavailable, op, cause)
}

// transportError keeps the cause of a failed request without the URL,
// which the caller knows, and says plainly when it was a time-out.
func transportError(err error) error {
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() && !errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("time-out: %w", err)
	}
	return err
}

// mask hides a secret in the traffic; that one was sent stays visible.
func mask(secret string) string {
	if secret == "" {
		return ""
	}
	return "********"
}

// maskTicket keeps the ticket's last four characters, enough to tell two
// sessions apart in the traffic, too few to use it.
func maskTicket(ticket string) string {
	if len(ticket) <= 8 {
		return mask(ticket)
	}
	return "****" + ticket[len(ticket)-4:]
}

// AddAndPrint asks for a new label.
func (c *Client) AddAndPrint(ctx context.Context, cred carrier.Credentials, r carrier.Request) (carrier.Label, error) {
	fields := make(soap.Shipment, len(shipment.Fields))
	for _, name := range shipment.Fields {
		if v := strings.TrimSpace(r.Shipment.Fields[name]); v != "" {
			fields[name] = v
		}
	}
	var lines *soap.OrderLines
	if len(r.Shipment.OrderLines) > 0 {
		lines = &soap.OrderLines{}
		for _, l := range r.Shipment.OrderLines {
			lines.Lines = append(lines.Lines, soap.OrderLine(l))
		}
	}
	var res soap.ShipmentResult
	t, err := c.call(ctx, cred, soap.OpAddAndPrint, func(ticket string) any {
		return soap.AddAndPrintShipment{
			Ticket: ticket, ClientReference: r.Reference, LabelType: r.LabelType, SenderHub: r.SenderHub,
			Shipment: fields, OrderLines: lines,
		}
	}, &res)
	if err != nil {
		return carrier.Label{Traffic: t}, err
	}
	return label(res, t), nil
}

func label(res soap.ShipmentResult, t carrier.Traffic) carrier.Label {
	return carrier.Label{
		Identifier: res.Identifier, Label: res.Label, ContentType: res.LabelContentType,
		CustomsDoc: res.CustomsDocument, Traffic: t,
	}
}

// Find returns the label made for reference; found is false when the
// carrier made none.
func (c *Client) Find(ctx context.Context, cred carrier.Credentials, reference string) (carrier.Label, bool, error) {
	var res soap.ShipmentResult
	t, err := c.call(ctx, cred, soap.OpFind, func(ticket string) any {
		return soap.FindShipment{Ticket: ticket, ClientReference: reference}
	}, &res)
	var f *carrier.Fault
	switch {
	case errors.As(err, &f) && f.Code == codeNotFound:
		return carrier.Label{Traffic: t}, false, nil
	case err != nil:
		return carrier.Label{Traffic: t}, false, err
	}
	return label(res, t), true, nil
}

// Cancel voids a label that is in no manifest.
func (c *Client) Cancel(ctx context.Context, cred carrier.Credentials, identifier string) (carrier.Traffic, error) {
	var res soap.CancelShipmentResponse
	return c.call(ctx, cred, soap.OpCancel, func(ticket string) any {
		return soap.CancelShipment{Ticket: ticket, Identifier: identifier}
	}, &res)
}

// CreateManifest hands the parcels over; the same reference gives the same manifest.
func (c *Client) CreateManifest(ctx context.Context, cred carrier.Credentials, reference string, identifiers []string) (carrier.Manifest, error) {
	var res soap.CreateManifestResponse
	t, err := c.call(ctx, cred, soap.OpCreateManifest, func(ticket string) any {
		return soap.CreateManifest{Ticket: ticket, ManifestReference: reference, Identifiers: identifiers}
	}, &res)
	if err != nil {
		return carrier.Manifest{Traffic: t}, err
	}
	return carrier.Manifest{Number: res.ManifestNumber, Document: res.Document, Traffic: t}, nil
}

// PublishedCustomsDocuments lists the customs documents the carrier
// published for the customer's manifested parcels and keeps until they are
// acknowledged, oldest first, at most max.
func (c *Client) PublishedCustomsDocuments(ctx context.Context, cred carrier.Credentials, max int) ([]carrier.CustomsDocument, error) {
	var res soap.ListCustomsDocumentsResponse
	if _, err := c.call(ctx, cred, soap.OpListCustoms, func(ticket string) any {
		return soap.ListCustomsDocuments{Ticket: ticket, Max: max}
	}, &res); err != nil {
		return nil, err
	}
	out := make([]carrier.CustomsDocument, len(res.Documents))
	for i, d := range res.Documents {
		out[i] = carrier.CustomsDocument{ID: d.DocumentID, Identifier: d.Identifier, Filename: d.FileName, Content: d.Document}
	}
	return out, nil
}

// AcknowledgeCustomsDocuments takes stored documents off the carrier's list;
// acknowledging one twice is no error.
func (c *Client) AcknowledgeCustomsDocuments(ctx context.Context, cred carrier.Credentials, ids []string) error {
	var res soap.AcknowledgeCustomsDocumentsResponse
	_, err := c.call(ctx, cred, soap.OpAckCustoms, func(ticket string) any {
		return soap.AcknowledgeCustomsDocuments{Ticket: ticket, DocumentIDs: ids}
	}, &res)
	return err
}
