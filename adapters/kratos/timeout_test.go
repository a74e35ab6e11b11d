package kratos_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"parcelportal/adapters/captcha"
	"parcelportal/adapters/kratos"
	"parcelportal/adapters/mail"
	"parcelportal/adapters/memory"
	"parcelportal/adapters/rpc"
	"parcelportal/app/identity"
	"parcelportal/core/account"
	"parcelportal/core/failure"
)

// hangingKratos accepts connections and never answers, as a Kratos whose
// database hangs.
func hangingKratos(t *testing.T) string {
	t.Helper()
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-release:
		}
	}))
	t.Cleanup(func() { close(release); srv.Close() })
	return srv.URL
}

// within fails the test when f takes longer than limit (and does not wait for it).
func within(t *testing.T, limit time.Duration, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); f() }()
	select {
	case <-done:
	case <-time.After(limit):
		t.Fatalf("%s still hangs after %v", what, limit)
	}
}

func TestAHangingKratosEndsCallsWithAClearErrorInBoundedTime(t *testing.T) {
	url := hangingKratos(t)
	provider := kratos.New(kratos.Config{PublicURL: url, AdminURL: url, PortalURL: testPortalURL, Timeout: 300 * time.Millisecond})
	within(t, 3*time.Second, "Resolve", func() {
		_, err := provider.Resolve(context.Background(), "ory_st_made-up")
		if !failure.HasKey(err, account.KeyIdentityUnavailable) {
			t.Errorf("Resolve = %v, want %s", err, account.KeyIdentityUnavailable)
		}
	})
	within(t, 3*time.Second, "FindByLogin", func() {
		_, err := provider.FindByLogin(context.Background(), "anna")
		if !failure.HasKey(err, account.KeyIdentityUnavailable) {
			t.Errorf("FindByLogin = %v, want %s", err, account.KeyIdentityUnavailable)
		}
	})
	within(t, 6*time.Second, "the probe", func() {
		if err := (kratos.Probe{AdminURL: url}).Check(context.Background()); err == nil {
			t.Error("a hanging Kratos is not ready")
		}
	})
}

// Through the API: sign-in and a signed-in call answer 503 with the
// translated key while Kratos hangs, in bounded time, and the bearer is
// not treated as signed out.
func TestAHangingKratosAnswers503ThroughTheAPI(t *testing.T) {
	url := hangingKratos(t)
	provider := kratos.New(kratos.Config{PublicURL: url, AdminURL: url, PortalURL: testPortalURL, Timeout: 300 * time.Millisecond})
	links := memory.NewUserLinks()
	svc := identity.Service{
		Sessions: provider, SecondFactor: provider, Directory: provider, Mailbox: provider,
		MFA: memory.NewMFAState(), Audit: &memory.AuditLog{},
		Throttle: &memory.Throttle{Window: time.Minute}, Captcha: captcha.Off{}, Links: links, Requests: &memory.RegistrationRequests{Links: links},
		Notices: mail.Notices{Sender: &memory.Outbox{}, BaseURL: "http://portal.test"},
	}
	api, err := rpc.NewAPI(rpc.Handlers{Account: rpc.AccountHandler{Identity: svc}, Callers: svc}, http.NotFoundHandler())
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ what, method, path, bearer, body string }{
		{"sign-in", "POST", "/web/api/authenticate", "", `{"username":"anna","password":"secret"}`},
		{"a signed-in call", "GET", "/web/api/account", "ory_st_some-session", ""},
	} {
		within(t, 3*time.Second, c.what, func() {
			req := httptest.NewRequest(c.method, c.path, strings.NewReader(c.body))
			req.Header.Set("Content-Type", "application/json")
			if c.bearer != "" {
				req.Header.Set("Authorization", "Bearer "+c.bearer)
			}
			rec := httptest.NewRecorder()
			api.ServeHTTP(rec, req)
			if rec.Code != http.StatusServiceUnavailable || !strings.Contains(rec.Body.String(), account.KeyIdentityUnavailable) {
				t.Errorf("%s = %d %s, want 503 with %s", c.what, rec.Code, rec.Body, account.KeyIdentityUnavailable)
			}
		})
	}
}
