package memory

import (
	"context"
	"sync"
	"time"

	"parcelportal/app/identity"
)

// Throttle counts attempts per key in memory, over a sliding window.
type Throttle struct {
	Window time.Duration
	Limits identity.ThrottleLimits

	mu       sync.Mutex
	attempts map[string][]time.Time
}

// Attempt counts an attempt for every key and reports whether every key
// is within its limit, this attempt included.
func (t *Throttle) Attempt(_ context.Context, keys []string, now time.Time) (bool, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.attempts == nil {
		t.attempts = map[string][]time.Time{}
	}
	allowed := true
	for _, key := range keys {
		recent := t.attempts[key][:0]
		for _, at := range t.attempts[key] {
			if at.After(now.Add(-t.Window)) {
				recent = append(recent, at)
			}
		}
		recent = append(recent, now)
		t.attempts[key] = recent
		if len(recent) > t.Limits.Of(key) {
			allowed = false
		}
	}
	return allowed, nil
}

// Forget drops the keys' attempts.
func (t *Throttle) Forget(_ context.Context, keys []string) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, key := range keys {
		delete(t.attempts, key)
	}
	return nil
}

// Refund takes back the latest attempt of every key.
func (t *Throttle) Refund(_ context.Context, keys []string) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, key := range keys {
		if n := len(t.attempts[key]); n > 0 {
			t.attempts[key] = t.attempts[key][:n-1]
		}
	}
	return nil
}
