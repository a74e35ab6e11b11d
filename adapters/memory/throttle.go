package memory

import (
	"context"
	"strings"
	"sync"
	"time"
)

// Throttle counts failed sign-ins per key in memory.
type Throttle struct {
	Window time.Duration
	// Limits by key prefix, such as "login:" and "addr:"; 10 for others.
	Limits map[string]int

	mu       sync.Mutex
	failures map[string][]time.Time
}

// Allowed reports whether every key is below its limit.
func (t *Throttle) Allowed(_ context.Context, keys []string, now time.Time) (bool, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, key := range keys {
		recent := 0
		for _, at := range t.failures[key] {
			if at.After(now.Add(-t.Window)) {
				recent++
			}
		}
		if recent >= t.limitOf(key) {
			return false, nil
		}
	}
	return true, nil
}

func (t *Throttle) limitOf(key string) int {
	for prefix, limit := range t.Limits {
		if strings.HasPrefix(key, prefix) {
			return limit
		}
	}
	return 10
}

// Failed counts a failure for every key.
func (t *Throttle) Failed(_ context.Context, keys []string, now time.Time) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.failures == nil {
		t.failures = map[string][]time.Time{}
	}
	for _, key := range keys {
		t.failures[key] = append(t.failures[key], now)
	}
	return nil
}

// Succeeded forgets the keys' failures.
func (t *Throttle) Succeeded(_ context.Context, keys []string) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, key := range keys {
		delete(t.failures, key)
	}
	return nil
}
