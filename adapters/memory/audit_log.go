package memory

import (
	"cmp"
	"context"
	"slices"
	"sync"

	"parcelportal/app/identity"
	"parcelportal/app/management"
	"parcelportal/core/origin"
)

// AuditLog keeps audit events in memory, for tests to read.
type AuditLog struct {
	mu     sync.Mutex
	events []management.AuditEvent
}

var _ management.AuditTrail = (*AuditLog)(nil)

// Record appends an event, with the client address the request came from.
func (a *AuditLog) Record(ctx context.Context, e identity.AuditEvent) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.events = append(a.events, management.AuditEvent{ID: int64(len(a.events) + 1), Principal: e.Principal, Type: e.Type,
		At: e.At.UTC(), RemoteAddress: origin.Address(ctx), Data: e.Data})
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

// ListAudits reads one page of events and the number on all pages.
func (a *AuditLog) ListAudits(_ context.Context, q management.AuditQuery) ([]management.AuditEvent, int64, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	var in []management.AuditEvent
	for _, e := range a.events {
		if (!q.From.IsZero() && e.At.Before(q.From)) || (!q.To.IsZero() && !e.At.Before(q.To)) {
			continue
		}
		in = append(in, e)
	}
	dir := 1
	if q.Descending {
		dir = -1
	}
	slices.SortFunc(in, func(x, y management.AuditEvent) int {
		byTime := cmp.Or(x.At.Compare(y.At), cmp.Compare(x.ID, y.ID))
		switch q.Sort {
		case management.SortByPrincipal:
			return cmp.Or(dir*cmp.Compare(x.Principal, y.Principal), -byTime)
		case management.SortByType:
			return cmp.Or(dir*cmp.Compare(x.Type, y.Type), -byTime)
		}
		return dir * byTime
	})
	return slices.Clone(pageOf(in, q.Page, q.Size)), int64(len(in)), nil
}
