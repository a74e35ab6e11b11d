// Package credcheck asks the carrier and tracking services whether they
// accept a customer's credentials, through their POST /check-credentials.
// The simulators in cmd/carriersim and cmd/trackingsim answer it with
// SimulatorAccepts; issue 5 replaces the carrier side with SOAP authenticate.
package credcheck

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"parcelportal/app/customers"
	"parcelportal/core/failure"
)

// Request is the body of POST /check-credentials.
type Request struct {
	Target    string `json:"target"`
	Username  string `json:"username"`
	Password  string `json:"password"`
	APIKey    string `json:"apiKey"`
	AccessKey string `json:"accessKey"`
	Version   string `json:"version"`
}

// Answer is its response.
type Answer struct {
	Valid bool `json:"valid"`
}

// The demo credentials the simulators accept; everything else is refused.
const (
	DemoUsername = "demo"
	DemoPassword = "portal-demo"
	DemoAPIKey   = "demo-key"
)

// CarrierTargets are checked by the carrier; the others by tracking.
var CarrierTargets = map[string]bool{"api": true, "a1": true, "grp": true}

// SimulatorAccepts is the simulators' rule: user name demo with password
// portal-demo; a1 also needs API key demo-key; fulltrack accepts the key
// demo-key (as apiKey or accessKey) without a user name.
func SimulatorAccepts(r Request) bool {
	switch r.Target {
	case "fulltrack":
		return r.APIKey == DemoAPIKey || r.AccessKey == DemoAPIKey
	case "a1":
		return r.Username == DemoUsername && r.Password == DemoPassword && r.APIKey == DemoAPIKey
	default:
		return r.Username == DemoUsername && r.Password == DemoPassword
	}
}

// Handler serves POST /check-credentials for a simulator.
func Handler(w http.ResponseWriter, r *http.Request) {
	var req Request
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<16)).Decode(&req); err != nil {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(Answer{Valid: SimulatorAccepts(req)})
}

// Client implements customers.CredentialChecker over HTTP.
type Client struct {
	CarrierURL  string
	TrackingURL string
	HTTP        *http.Client
	// Timeout bounds one check, whatever HTTP client is given and also when
	// the caller's context has no deadline; zero means DefaultTimeout.
	Timeout time.Duration
}

// DefaultTimeout bounds a check when Timeout is zero.
const DefaultTimeout = 10 * time.Second

// maxAnswer bounds what is read of an answer ({"valid": true}).
const maxAnswer = 1 << 16

var errUnavailable = failure.New(failure.Unavailable, "error.credentialCheckUnavailable")

// Check asks the service of the target; it never logs the credentials.
func (c Client) Check(ctx context.Context, in customers.CredentialCheck) (bool, error) {
	base := c.TrackingURL
	if CarrierTargets[in.Target] {
		base = c.CarrierURL
	}
	body, err := json.Marshal(Request{Target: in.Target, Username: in.Username, Password: in.Password, APIKey: in.APIKey, AccessKey: in.AccessKey, Version: in.Version})
	if err != nil {
		return false, err
	}
	timeout := c.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+"/check-credentials", bytes.NewReader(body))
	if err != nil {
		return false, err
	}
	req.Header.Set("Content-Type", "application/json")
	hc := c.HTTP
	if hc == nil {
		hc = &http.Client{Timeout: timeout}
	}
	res, err := hc.Do(req)
	if err != nil {
		return false, &failure.Error{Kind: failure.Unavailable, Key: errUnavailable.Key, Cause: fmt.Errorf("%s check: %w", in.Target, stripURL(err))}
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return false, &failure.Error{Kind: failure.Unavailable, Key: errUnavailable.Key, Cause: fmt.Errorf("%s check: status %d", in.Target, res.StatusCode)}
	}
	var a Answer
	if err := json.NewDecoder(io.LimitReader(res.Body, maxAnswer)).Decode(&a); err != nil {
		return false, &failure.Error{Kind: failure.Unavailable, Key: errUnavailable.Key, Cause: err}
	}
	return a.Valid, nil
}

// stripURL keeps the error's cause without the request details.
func stripURL(err error) error {
	type unwrapper interface{ Unwrap() error }
	if u, ok := err.(unwrapper); ok && u.Unwrap() != nil {
		return u.Unwrap()
	}
	return err
}
