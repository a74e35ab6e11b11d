package webhook

import "time"

// Backoff is the wait before each retry of a failed delivery: quick at
// first, then hourly, so that the last try comes more than a day after the
// first (the endpoint may be down for a night).
var Backoff = []time.Duration{
	5 * time.Second,
	5 * time.Minute,
	30 * time.Minute,
	2 * time.Hour,
	5 * time.Hour,
	10 * time.Hour,
	10 * time.Hour,
}

// MaxAttempts is how often one event is tried on one endpoint.
var MaxAttempts = len(Backoff) + 1

// NextTry is when the attempt after the numbered one (1 = the first) of a
// delivery failed at is made; ok is false when it was the last.
func NextTry(attempt int, failedAt time.Time) (next time.Time, ok bool) {
	if attempt < 1 || attempt > len(Backoff) {
		return time.Time{}, false
	}
	return failedAt.Add(Backoff[attempt-1]), true
}

// DisableAfter is how long an endpoint fails without one success before
// the server disables it.
const DisableAfter = 24 * time.Hour

// ShouldDisable reports whether an endpoint failing since since is to be
// disabled at now.
func ShouldDisable(failingSince, now time.Time) bool {
	return !failingSince.IsZero() && now.Sub(failingSince) >= DisableAfter
}

// Succeeded reports whether an HTTP status code answers a delivery as
// received: any 2xx.
func Succeeded(status int) bool { return status >= 200 && status < 300 }
