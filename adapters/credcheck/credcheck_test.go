package credcheck

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	appcustomer "parcelportal/app/customer"
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
		in   appcustomer.CredentialCheck
		want bool
	}{
		{appcustomer.CredentialCheck{Target: "api", Username: DemoUsername, Password: DemoPassword}, true},
		{appcustomer.CredentialCheck{Target: "api", Username: DemoUsername, Password: "wrong"}, false},
		{appcustomer.CredentialCheck{Target: "a1", Username: DemoUsername, Password: DemoPassword}, false},
		{appcustomer.CredentialCheck{Target: "a1", Username: DemoUsername, Password: DemoPassword, APIKey: DemoAPIKey}, true},
		{appcustomer.CredentialCheck{Target: "grp", Username: "other", Password: DemoPassword}, false},
		{appcustomer.CredentialCheck{Target: "tracking", Username: DemoUsername, Password: DemoPassword}, true},
		{appcustomer.CredentialCheck{Target: "fulltrack", AccessKey: DemoAPIKey, Version: "V3"}, true},
		{appcustomer.CredentialCheck{Target: "fulltrack", AccessKey: "nope"}, false},
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
	_, err := c.Check(context.Background(), appcustomer.CredentialCheck{Target: "tracking", Username: "u", Password: "secret-pw"})
	f, ok := failure.As(err)
	if !ok || f.Kind != failure.Unavailable {
		t.Fatalf("unreachable service = %v", err)
	}
}
