package webhooksend_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
	"time"

	"parcelportal/adapters/webhooksend"
	"parcelportal/core/failure"
	"parcelportal/core/printer"
	"parcelportal/core/webhook"
)

func allowLoopback() webhook.Reach {
	return webhook.Reach{Printer: printer.Reach{Networks: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}}}
}

func refusedKey(err error) bool {
	var f *failure.Error
	return errors.As(err, &f) && f.Key == webhook.KeyAddressRefused
}

func TestPostSendsHeadersAndReadsABoundedAnswer(t *testing.T) {
	var got http.Header
	var body string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = r.Header.Clone()
		b, _ := io.ReadAll(r.Body)
		body = string(b)
		w.WriteHeader(http.StatusAccepted)
		_, _ = w.Write([]byte(strings.Repeat("x", 10*webhooksend.MaxAnswer)))
	}))
	defer srv.Close()
	s := webhooksend.Sender{Reach: allowLoopback(), AllowHTTP: true}
	a, err := s.Post(context.Background(), srv.URL+"/hook", map[string]string{"webhook-id": "evt_1"}, []byte(`{"a":1}`))
	if err != nil {
		t.Fatal(err)
	}
	if a.Status != http.StatusAccepted || len(a.Body) != webhooksend.MaxAnswer {
		t.Errorf("answer status %d, %d bytes", a.Status, len(a.Body))
	}
	if got.Get("webhook-id") != "evt_1" || got.Get("Content-Type") != "application/json" || body != `{"a":1}` {
		t.Errorf("receiver saw %v %q", got, body)
	}
}

func TestLoopbackRefusedUnlessAllowed(t *testing.T) {
	called := false
	srv := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { called = true }))
	defer srv.Close()
	s := webhooksend.Sender{AllowHTTP: true}
	if _, err := s.Post(context.Background(), srv.URL, nil, nil); !refusedKey(err) {
		t.Fatalf("Post to loopback = %v, want refused", err)
	}
	if err := s.Check(context.Background(), srv.URL); !refusedKey(err) {
		t.Fatalf("Check of loopback = %v, want refused", err)
	}
	if called {
		t.Fatal("the refused receiver was called")
	}
	if err := (webhooksend.Sender{Reach: allowLoopback(), AllowHTTP: true}).Check(context.Background(), srv.URL); err != nil {
		t.Fatalf("Check on an allowed network: %v", err)
	}
}

// A name checked at registration may resolve elsewhere at delivery time:
// the rule is applied to the address connected to. "localhost" resolves to
// loopback here, which the default rule refuses at connect time.
func TestTheAddressConnectedToIsChecked(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
	defer srv.Close()
	url := strings.Replace(srv.URL, "127.0.0.1", "localhost", 1)
	if _, err := (webhooksend.Sender{AllowHTTP: true}).Post(context.Background(), url, nil, nil); !refusedKey(err) {
		t.Fatalf("Post to a name of loopback = %v, want refused", err)
	}
}

func TestLinkLocalRefusedEvenWhenListed(t *testing.T) {
	s := webhooksend.Sender{AllowHTTP: true, Reach: webhook.Reach{Printer: printer.Reach{Networks: []netip.Prefix{netip.MustParsePrefix("169.254.0.0/16")}}}}
	if _, err := s.Post(context.Background(), "http://169.254.169.254/latest/meta-data/", nil, nil); !refusedKey(err) {
		t.Fatalf("Post to the metadata address = %v, want refused", err)
	}
}

func TestRedirectsAreNotFollowed(t *testing.T) {
	followed := false
	target := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { followed = true }))
	defer target.Close()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, target.URL, http.StatusTemporaryRedirect)
	}))
	defer srv.Close()
	a, err := (webhooksend.Sender{Reach: allowLoopback(), AllowHTTP: true}).Post(context.Background(), srv.URL, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if a.Status != http.StatusTemporaryRedirect || followed || webhook.Succeeded(a.Status) {
		t.Errorf("status %d, followed %v", a.Status, followed)
	}
}

func TestHTTPRefusedWhenNotAllowed(t *testing.T) {
	if err := (webhooksend.Sender{Reach: allowLoopback()}).Check(context.Background(), "http://127.0.0.1:1/"); err == nil {
		t.Fatal("http taken in production")
	}
}

func TestSlowReceiversTimeOut(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { <-release }))
	defer srv.Close()
	defer close(release)
	s := webhooksend.Sender{Reach: allowLoopback(), AllowHTTP: true, Timeout: 100 * time.Millisecond}
	if _, err := s.Post(context.Background(), srv.URL, nil, nil); err == nil {
		t.Fatal("a receiver that never answers was taken as an answer")
	}
}
