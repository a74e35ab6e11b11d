package kratos_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"parcelportal/adapters/kratos"
	"parcelportal/core/account"
	"parcelportal/core/failure"
)

// Kratos answers whoami with 401 also while its database is away (seen by
// make chaos): the session is then unknown, not absent. The portal must
// answer 503 error.identityUnavailable, not sign the caller out, and believe
// the 401 only from a Kratos that is ready.
func TestWhoamiRefusedByAKratosNotReadyIsAnOutage(t *testing.T) {
	for _, c := range []struct {
		name  string
		ready int
		key   string
		kind  failure.Kind
	}{
		{"database away", http.StatusServiceUnavailable, account.KeyIdentityUnavailable, failure.Unavailable},
		{"ready", http.StatusOK, account.KeyBadCredentials, failure.Unauthenticated},
	} {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			switch r.URL.Path {
			case "/admin/health/ready":
				w.WriteHeader(c.ready)
			case "/sessions/whoami":
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(http.StatusUnauthorized)
				_, _ = w.Write([]byte(`{"error":{"code":401,"status":"Unauthorized","message":"No valid session credentials found in the request."}}`))
			default:
				http.NotFound(w, r)
			}
		}))
		provider := kratos.New(kratos.Config{PublicURL: srv.URL, AdminURL: srv.URL, PortalURL: testPortalURL, Timeout: 2 * time.Second})
		_, err := provider.Resolve(context.Background(), "ory_st_someone")
		f, ok := failure.As(err)
		if !ok || f.Key != c.key || f.Kind != c.kind {
			t.Errorf("%s: Resolve = %v; want %s", c.name, err, c.key)
		}
		srv.Close()
	}
}
