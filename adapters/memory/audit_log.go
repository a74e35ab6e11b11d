package memory

import (
	"context"
	"sync"

	"parcelportal/app/identity"
)

// AuditLog keeps audit events in memory, for tests to read.
type AuditLog struct {
	mu     sync.Mutex
	events []identity.AuditEvent
}

// Record appends an event.
func (a *AuditLog) Record(_ context.Context, e identity.AuditEvent) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.events = append(a.events, e)
	return nil
}

// Types lists the recorded event types in order.
func (a *AuditLog) Types() []string {
	a.mu.Lock()
	defer a.mu.Unlock()
	out := make([]string, len(a.events))
	for i, e := range a.events {
		out[i] = e.Type
	}
	return out
}
