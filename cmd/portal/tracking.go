package main

import (
	"net/http"
	"parcelportal/adapters/probes"
	"sync"
	"time"

	trackingapi "parcelportal/adapters/tracking"
	"parcelportal/adapters/tracking/simulator"
	"parcelportal/core/tracking"
)

// embeddedTracking is the host name under which the portal reaches the
// tracking simulator it runs itself; no request to it leaves the process.
const embeddedTracking = "tracking-simulator.embedded"

var (
	embeddedOnce sync.Once
	embeddedSim  *simulator.Simulator
)

// embeddedTrackingSim is the process's one tracking simulator: the embedded
// carrier simulator tells it of its labels and the tracking client asks it.
// The first caller's speed-up counts.
func embeddedTrackingSim(speedup float64) *simulator.Simulator {
	embeddedOnce.Do(func() {
		if speedup < 1 {
			speedup = simulator.DefaultSpeedup
		}
		embeddedSim = simulator.New(simulator.WithSpeedup(speedup))
	})
	return embeddedSim
}

// trackingSide is how the portal reaches the tracking API: the client of
// the tracking use cases, the account staff search with, and where the
// customer form's tracking credential checks go.
type trackingSide struct {
	client   *trackingapi.Client
	staff    tracking.Account
	checkURL string
	// wrap routes requests to the embedded simulator, if there is one.
	wrap func(http.RoundTripper) http.RoundTripper
	// probe asks the tracking API for its root, for the admins' health report.
	probe probes.HTTP
}

// trackingOf connects to the tracking API at TRACKING_URL; without it the
// portal embeds the tracking simulator (which the embedded carrier
// simulator tells of each label), so that `make run` tracks parcels.
func trackingOf(cfg config) trackingSide {
	staff := tracking.Account{Version: tracking.V1, Username: cfg.TrackingUsername, Password: cfg.TrackingPassword}
	if cfg.TrackingURL != "" {
		return trackingSide{client: trackingapi.New(cfg.TrackingURL), staff: staff, checkURL: cfg.TrackingURL,
			wrap:  func(next http.RoundTripper) http.RoundTripper { return next },
			probe: probes.HTTP{URL: cfg.TrackingURL + "/", Client: &http.Client{Timeout: 5 * time.Second}, Shown: shownURL(cfg.TrackingURL)}}
	}
	if staff.Username == "" {
		staff.Username, staff.Password = simulator.Username, simulator.Password
	}
	sim := embeddedTrackingSim(cfg.TrackingSpeedup)
	wrap := func(next http.RoundTripper) http.RoundTripper {
		if next == nil {
			next = http.DefaultTransport
		}
		return inProcess{host: embeddedTracking, handler: sim, next: next}
	}
	return trackingSide{
		client:   trackingapi.New("http://"+embeddedTracking, trackingapi.WithHTTPClient(&http.Client{Transport: wrap(nil)})),
		staff:    staff,
		checkURL: "http://" + embeddedTracking,
		wrap:     wrap,
		probe:    probes.HTTP{URL: "http://" + embeddedTracking + "/", Client: &http.Client{Transport: wrap(nil), Timeout: 5 * time.Second}, Shown: "embedded tracking simulator"},
	}
}

// checkClient is the HTTP client of the credential checks: the carrier's
// and tracking's embedded simulators answered in the process.
func (t trackingSide) checkClient(carrier *http.Client) *http.Client {
	var next http.RoundTripper
	if carrier != nil {
		next = carrier.Transport
	}
	return &http.Client{Transport: t.wrap(next), Timeout: 10 * time.Second}
}
