package webhook_test

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"net/netip"
	"strings"
	"testing"
	"time"

	"parcelportal/core/failure"
	"parcelportal/core/printer"
	"parcelportal/core/webhook"
)

// The published example of the Standard Webhooks specification (its
// reference libraries' tests): this secret, id, timestamp and body sign to
// exactly this header, so a receiver's library accepts what we send.
func TestSignMatchesTheSpecificationsExample(t *testing.T) {
	got, err := webhook.Sign("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "msg_p5jXN8AQM9LWM0D4loKWxJek",
		time.Unix(1614265330, 0), []byte(`{"test": 2432232314}`))
	if err != nil {
		t.Fatal(err)
	}
	if want := "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="; got != want {
		t.Errorf("Sign = %q, want %q", got, want)
	}
}

func TestHeadersCarryIdTimestampAndSignature(t *testing.T) {
	secret, err := webhook.NewSecret(bytes.NewReader(bytes.Repeat([]byte{7}, 32)))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(secret, "whsec_") {
		t.Fatalf("secret %q lacks whsec_", secret)
	}
	at := time.Unix(1700000000, 0)
	h, err := webhook.Headers(secret, "evt_1", at, []byte("{}"))
	if err != nil {
		t.Fatal(err)
	}
	// An independent computation: the key is the base64 after whsec_.
	m := hmac.New(sha256.New, bytes.Repeat([]byte{7}, 32))
	m.Write([]byte("evt_1.1700000000.{}"))
	want := "v1," + base64.StdEncoding.EncodeToString(m.Sum(nil))
	if h["webhook-id"] != "evt_1" || h["webhook-timestamp"] != "1700000000" || h["webhook-signature"] != want {
		t.Errorf("headers = %v, want signature %s", h, want)
	}
}

func TestNewSecretNeedsRandomBytes(t *testing.T) {
	if _, err := webhook.NewSecret(bytes.NewReader([]byte{1, 2})); err == nil {
		t.Error("a short random source made a secret")
	}
	if _, err := webhook.Key("whsec_"); err == nil {
		t.Error("an empty key was taken")
	}
}

func TestValidate(t *testing.T) {
	ok := webhook.Endpoint{URL: "https://hooks.example.com/portal", Events: []webhook.EventType{webhook.BatchSent}}
	cases := []struct {
		name      string
		edit      func(*webhook.Endpoint)
		allowHTTP bool
		field     string
	}{
		{"fine", func(*webhook.Endpoint) {}, false, ""},
		{"no url", func(e *webhook.Endpoint) { e.URL = "" }, false, "url"},
		{"http refused", func(e *webhook.Endpoint) { e.URL = "http://hooks.example.com/" }, false, "url"},
		{"http allowed outside production", func(e *webhook.Endpoint) { e.URL = "http://127.0.0.3:9000/" }, true, ""},
		{"user info", func(e *webhook.Endpoint) { e.URL = "https://a:b@hooks.example.com/" }, false, "url"},
		{"ftp", func(e *webhook.Endpoint) { e.URL = "ftp://hooks.example.com/" }, true, "url"},
		{"no events", func(e *webhook.Endpoint) { e.Events = nil }, false, "events"},
		{"unknown event", func(e *webhook.Endpoint) { e.Events = []webhook.EventType{"parcel.eaten"} }, false, "events"},
		{"test is no subscription", func(e *webhook.Endpoint) { e.Events = []webhook.EventType{webhook.Test} }, false, "events"},
		{"long description", func(e *webhook.Endpoint) { e.Description = strings.Repeat("x", 201) }, false, "description"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := ok
			c.edit(&e)
			e.Normalize()
			err := e.Validate(c.allowHTTP)
			if c.field == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			f, isFailure := failure.As(err)
			if !isFailure || len(f.Fields) == 0 || f.Fields[0].Field != c.field {
				t.Fatalf("err = %v, want a field error on %s", err, c.field)
			}
		})
	}
}

func TestSubscribesAndNormalize(t *testing.T) {
	e := webhook.Endpoint{URL: " https://x.example/ ", Events: []webhook.EventType{webhook.TrackingEvent, webhook.BatchSent, webhook.TrackingEvent}}
	e.Normalize()
	if e.URL != "https://x.example/" || len(e.Events) != 2 {
		t.Fatalf("normalized = %+v", e)
	}
	if !e.Subscribes(webhook.BatchSent) || e.Subscribes(webhook.ManifestCreated) || !e.Subscribes(webhook.Test) {
		t.Error("subscriptions wrong")
	}
}

func TestRetriesSpanMoreThanADay(t *testing.T) {
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	at := start
	for attempt := 1; ; attempt++ {
		next, ok := webhook.NextTry(attempt, at)
		if !ok {
			if attempt != webhook.MaxAttempts {
				t.Fatalf("gave up after attempt %d, MaxAttempts %d", attempt, webhook.MaxAttempts)
			}
			break
		}
		if !next.After(at) {
			t.Fatalf("attempt %d: next try %v not after %v", attempt, next, at)
		}
		at = next
	}
	if span := at.Sub(start); span < 24*time.Hour {
		t.Errorf("last try %v after the first, want more than a day", span)
	}
}

func TestShouldDisableAfterADayOfFailures(t *testing.T) {
	now := time.Date(2026, 1, 2, 12, 0, 0, 0, time.UTC)
	if webhook.ShouldDisable(time.Time{}, now) {
		t.Error("an endpoint that does not fail was disabled")
	}
	if webhook.ShouldDisable(now.Add(-23*time.Hour), now) {
		t.Error("disabled before a day")
	}
	if !webhook.ShouldDisable(now.Add(-24*time.Hour), now) {
		t.Error("not disabled after a day")
	}
	if webhook.Succeeded(301) || !webhook.Succeeded(204) || webhook.Succeeded(500) {
		t.Error("status classes wrong")
	}
}

func TestReach(t *testing.T) {
	loop := netip.MustParseAddrPort("127.0.0.3:9000")
	meta := netip.MustParseAddrPort("169.254.169.254:80")
	public := netip.MustParseAddrPort("203.0.113.7:443")
	redis := netip.MustParseAddrPort("127.0.0.3:6379")
	open := webhook.Reach{}
	allowed := webhook.Reach{Printer: printer.Reach{
		Networks: []netip.Prefix{netip.MustParsePrefix("127.0.0.3/32"), netip.MustParsePrefix("169.254.0.0/16"), netip.MustParsePrefix("203.0.113.0/24")},
		Services: []netip.AddrPort{redis},
	}}
	cases := []struct {
		name  string
		reach webhook.Reach
		to    netip.AddrPort
		ok    bool
	}{
		{"public address", open, public, true},
		{"loopback refused by default", open, loop, false},
		{"loopback on an allowed network", allowed, loop, true},
		{"link-local refused", open, meta, false},
		{"link-local refused even when listed", allowed, meta, false},
		{"a portal service refused even when listed", allowed, redis, false},
		{"ipv6 loopback refused", open, netip.MustParseAddrPort("[::1]:443"), false},
		{"mapped loopback refused", open, netip.MustParseAddrPort("[::ffff:127.0.0.1]:443"), false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := c.reach.Check(c.to)
			if c.ok != (err == nil) {
				t.Fatalf("Check(%v) = %v, want ok %v", c.to, err, c.ok)
			}
			var f *failure.Error
			if err != nil && (!errors.As(err, &f) || f.Key != webhook.KeyAddressRefused) {
				t.Fatalf("err = %v, want %s", err, webhook.KeyAddressRefused)
			}
		})
	}
}

func TestParseURL(t *testing.T) {
	cases := []struct {
		raw  string
		want webhook.Address
		ok   bool
	}{
		{"https://Hooks.Example.com/x?y=1", webhook.Address{Scheme: "https", Host: "hooks.example.com", Port: 443}, true},
		{"https://[::1]:8443/x", webhook.Address{Scheme: "https", Host: "::1", Port: 8443}, true},
		{"https://h.example:0/", webhook.Address{}, false},
		{"https://h.example:70000/", webhook.Address{}, false},
		{"https://u@h.example/", webhook.Address{}, false},
		{"https://h.example/#frag", webhook.Address{}, false},
		{"https:///path", webhook.Address{}, false},
	}
	for _, c := range cases {
		got, err := webhook.ParseURL(c.raw, false)
		if (err == nil) != c.ok || got != c.want {
			t.Errorf("ParseURL(%q) = %+v, %v; want %+v ok %v", c.raw, got, err, c.want, c.ok)
		}
	}
}

func TestDeliveryRecord(t *testing.T) {
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	d := webhook.Delivery{State: webhook.Pending}
	d = d.Record(webhook.Outcome{Status: 500, At: at})
	if d.State != webhook.Pending || d.Attempts != 1 || !d.NextTry.Equal(at.Add(webhook.Backoff[0])) {
		t.Fatalf("after a 500: %+v", d)
	}
	d = d.Record(webhook.Outcome{Error: "connection refused", At: at})
	if d.State != webhook.Pending || d.Attempts != 2 {
		t.Fatalf("after a refused connection: %+v", d)
	}
	ok := d.Record(webhook.Outcome{Status: 204, At: at})
	if ok.State != webhook.Delivered || !ok.NextTry.IsZero() {
		t.Fatalf("after a 204: %+v", ok)
	}
	last := webhook.Delivery{State: webhook.Pending, Attempts: webhook.MaxAttempts - 1}
	if got := last.Record(webhook.Outcome{Status: 503, At: at}); got.State != webhook.Failed {
		t.Fatalf("after the last try: %+v", got)
	}
}

func TestEventBody(t *testing.T) {
	b, err := webhook.Event{Type: webhook.BatchSent, At: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), Data: []byte(`{"batchId":7}`)}.Body()
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"type":"batch.sent","timestamp":"2026-01-02T03:04:05Z","data":{"batchId":7}}`; string(b) != want {
		t.Errorf("body %s, want %s", b, want)
	}
}
