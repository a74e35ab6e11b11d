// Package webhook is the integrator's webhook: an HTTPS endpoint a
// customer registers for some of its events, the events themselves with
// their stable ids, how they are signed (the Standard Webhooks
// specification: webhook-id, webhook-timestamp, webhook-signature), when a
// failed delivery is tried again, when an endpoint that keeps failing is
// disabled, and which addresses the server may call.
package webhook

import (
	"net/netip"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"parcelportal/core/failure"
)

// Object names the endpoint in field errors.
const Object = "webhookEndpoint"

// Limits of the fields.
const (
	URLMax         = 2000
	DescriptionMax = 200
	// EndpointsMax is how many endpoints one customer may register.
	EndpointsMax = 20
)

// Message keys of webhook failures.
const (
	KeyNotFound       = "error.webhook.notFound"
	KeyAddressRefused = "error.webhook.addressRefused"
	KeyUnknownHost    = "error.webhook.unknownHost"
	KeyTooMany        = "error.webhook.tooManyEndpoints"
)

// ErrNotFound is a missing endpoint, or one of a customer the caller does
// not act for.
var ErrNotFound = &failure.Error{Kind: failure.NotFound, Key: KeyNotFound, Entity: Object}

// EventType is what happened, as the event's "type" names it.
type EventType string

// The event types an endpoint subscribes to.
const (
	BatchSent       EventType = "batch.sent"
	BatchFailed     EventType = "batch.failed"
	ManifestCreated EventType = "manifest.created"
	LabelCancelled  EventType = "label.cancelled"
	TrackingEvent   EventType = "tracking.event"
	// Test is the event of the "send test event" button; every endpoint
	// takes it, whatever it subscribes to.
	Test EventType = "webhook.test"
)

// EventTypes are the types an endpoint may subscribe to, in the order
// screens show them.
var EventTypes = []EventType{BatchSent, BatchFailed, ManifestCreated, LabelCancelled, TrackingEvent}

// Valid reports whether t is a type an endpoint may subscribe to.
func (t EventType) Valid() bool { return slices.Contains(EventTypes, t) }

// Endpoint is an HTTPS address a customer's events are posted to.
type Endpoint struct {
	ID          int64
	CustomerID  int64
	URL         string
	Description string
	Events      []EventType
	// Secret signs the deliveries ("whsec_" + base64); shown once, when the
	// endpoint is created.
	Secret  string
	Enabled bool
	// FailingSince is the time of the first failed delivery of an unbroken
	// run of failures; zero while deliveries succeed.
	FailingSince time.Time
	// DisabledReason is why the server disabled the endpoint; empty when a
	// user disabled it or it is enabled.
	DisabledReason string
	CreatedAt      time.Time
}

// Subscribes reports whether the endpoint takes events of type t.
func (e Endpoint) Subscribes(t EventType) bool {
	return t == Test || slices.Contains(e.Events, t)
}

// Normalize trims the fields and orders the event types without repeats.
func (e *Endpoint) Normalize() {
	e.URL = strings.TrimSpace(e.URL)
	e.Description = strings.TrimSpace(e.Description)
	slices.Sort(e.Events)
	e.Events = slices.Compact(e.Events)
}

// Validate checks the fields: an absolute https URL with a host and no
// user info, at least one known event type, a short description.
// allowHTTP takes http too (tests and local receivers on an operator's
// allowed network outside production).
func (e Endpoint) Validate(allowHTTP bool) error {
	var v []failure.FieldViolation
	if e.URL == "" {
		v = append(v, failure.FieldViolation{Object: Object, Field: "url", Rule: "required"})
	} else if utf8.RuneCountInString(e.URL) > URLMax {
		v = append(v, failure.FieldViolation{Object: Object, Field: "url", Rule: "maxLength"})
	} else if _, err := ParseURL(e.URL, allowHTTP); err != nil {
		v = append(v, failure.FieldViolation{Object: Object, Field: "url", Rule: "httpsUrl"})
	}
	if utf8.RuneCountInString(e.Description) > DescriptionMax {
		v = append(v, failure.FieldViolation{Object: Object, Field: "description", Rule: "maxLength"})
	}
	if len(e.Events) == 0 {
		v = append(v, failure.FieldViolation{Object: Object, Field: "events", Rule: "required"})
	}
	for _, t := range e.Events {
		if !t.Valid() {
			v = append(v, failure.FieldViolation{Object: Object, Field: "events", Rule: "enum"})
			break
		}
	}
	if len(v) > 0 {
		return failure.InvalidFields(v...)
	}
	return nil
}

// Address is what an endpoint's URL connects to.
type Address struct {
	Scheme string
	Host   string
	Port   uint16
}

// ParseURL reads an endpoint's address: https (or http when allowed), a
// host, an optional port, no user info, no fragment, no spaces.
func ParseURL(raw string, allowHTTP bool) (Address, error) {
	scheme, rest, ok := strings.Cut(raw, "://")
	if !ok || (scheme != "https" && (scheme != "http" || !allowHTTP)) {
		return Address{}, errScheme
	}
	if strings.ContainsAny(raw, " \t\r\n#\\") {
		return Address{}, errScheme
	}
	authority := rest
	if i := strings.IndexAny(rest, "/?"); i >= 0 {
		authority = rest[:i]
	}
	if authority == "" || strings.Contains(authority, "@") {
		return Address{}, errScheme
	}
	a := Address{Scheme: scheme, Port: 443}
	if scheme == "http" {
		a.Port = 80
	}
	host, port := authority, ""
	if strings.HasPrefix(authority, "[") {
		end := strings.Index(authority, "]")
		if end < 0 {
			return Address{}, errScheme
		}
		host, port = authority[1:end], strings.TrimPrefix(authority[end+1:], ":")
		if authority[end+1:] != "" && !strings.HasPrefix(authority[end+1:], ":") {
			return Address{}, errScheme
		}
		if _, err := netip.ParseAddr(host); err != nil {
			return Address{}, errScheme
		}
	} else if h, p, found := strings.Cut(authority, ":"); found {
		host, port = h, p
	}
	if host == "" || strings.Contains(host, ":") && !strings.HasPrefix(authority, "[") {
		return Address{}, errScheme
	}
	if port != "" {
		n, err := strconv.ParseUint(port, 10, 16)
		if err != nil || n == 0 {
			return Address{}, errScheme
		}
		a.Port = uint16(n)
	}
	a.Host = strings.ToLower(host)
	return a, nil
}

var errScheme = &failure.Error{Kind: failure.Invalid, Key: "error.webhook.url", Entity: Object}
