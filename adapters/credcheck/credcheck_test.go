package credcheck

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"parcelportal/app/customers"
	"parcelportal/core/failure"
)

func TestClientAgainstSimulatorHandler(t *testing.T) {
	var carrierCalls, trackingCalls int
	carrier := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { carrierCalls++; Handler(w, r) }))
	defer carrier.Close()
	tracking := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { trackingCalls++; Handler(w, r) }))
	defer tracking.Close()
	c := Client{CarrierURL: carrier.URL, TrackingURL: tracking.URL}
	cases := []struct {
		in   customers.CredentialCheck
		want bool
	}{
		{customers.CredentialCheck{Target: "api", Username: DemoUsername, Password: DemoPassword}, true},
		{customers.CredentialCheck{Target: "api", Username: DemoUsername, Password: "wrong"}, false},
		{customers.CredentialCheck{Target: "a1", Username: DemoUsername, Password: DemoPassword}, false},
		{customers.CredentialCheck{Target: "a1", Username: DemoUsername, Password: DemoPassword, APIKey: DemoAPIKey}, true},
		{customers.CredentialCheck{Target: "grp", Username: "other", Password: DemoPassword}, false},
		{customers.CredentialCheck{Target: "tracking", Username: DemoUsername, Password: DemoPassword}, true},
		{customers.CredentialCheck{Target: "fulltrack", AccessKey: DemoAPIKey, Version: "V3"}, true},
		{customers.CredentialCheck{Target: "fulltrack", AccessKey: "nope"}, false},
	}
	for _, tc := range cases {
		got, err := c.Check(context.Background(), tc.in)
		if err != nil || got != tc.want {
			t.Errorf("Check(%+v) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
	if carrierCalls != 5 || trackingCalls != 3 {
		t.Errorf("calls carrier %d, tracking %d; want 5 and 3", carrierCalls, trackingCalls)
	}
	tracking.Close()
	_, err := c.Check(context.Background(), customers.CredentialCheck{Target: "tracking", Username: "u", Password: "secret-pw"})
	f, ok := failure.As(err)
	if !ok || f.Kind != failure.Unavailable {
		t.Fatalf("unreachable service = %v", err)
	}
}

// A carrier that never answers must not hold the customer form: the check
// gives up after its timeout even with an HTTP client without one and a
// context without a deadline, and honours a shorter context deadline.
func TestCheckGivesUpOnAHangingService(t *testing.T) {
	release := make(chan struct{})
	hanging := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { <-release }))
	defer hanging.Close()
	defer close(release)
	in := customers.CredentialCheck{Target: "api", Username: DemoUsername, Password: DemoPassword}

	c := Client{CarrierURL: hanging.URL, HTTP: &http.Client{}, Timeout: 200 * time.Millisecond}
	start := time.Now()
	_, err := c.Check(context.Background(), in)
	if f, ok := failure.As(err); !ok || f.Kind != failure.Unavailable || time.Since(start) > 2*time.Second {
		t.Fatalf("hanging service = %v after %s", err, time.Since(start))
	}

	c.Timeout = time.Minute
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start = time.Now()
	if _, err := c.Check(ctx, in); err == nil || time.Since(start) > 2*time.Second {
		t.Fatalf("context deadline: %v after %s", err, time.Since(start))
	}
}
