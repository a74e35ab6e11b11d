package memory

import (
	"context"
	"fmt"
	"slices"
	"sync"

	"parcelportal/app/identity"
	"parcelportal/app/userdata"
	"parcelportal/core/access"
	"parcelportal/core/organisation"
)

// RegistrationTenant is what the in-memory requests know of a tenant: the
// customers it serves and its self-registration addresses.
type RegistrationTenant struct {
	Customers []organisation.CustomerRef
	Emails    []string
}

// RegistrationRequests keeps self-registrations in memory; a request is
// pending while Links has no customer or fulfillment for its login.
type RegistrationRequests struct {
	Tenants []RegistrationTenant
	Links   *UserLinks

	mu       sync.Mutex
	nextID   int64
	requests []userdata.Request
}

// Add keeps the request and routes it like the Postgres adapter.
func (s *RegistrationRequests) Add(_ context.Context, r identity.RegistrationRequest) (identity.RegistrationRouting, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, kept := range s.requests {
		if kept.Login == r.Login {
			return identity.RegistrationRouting{}, fmt.Errorf("registration request of %s exists", r.Login)
		}
	}
	s.nextID++
	s.requests = append(s.requests, userdata.Request{ID: s.nextID, Login: r.Login, Email: r.Email, CRMID: r.CRMID, Reason: r.Reason, RequestedAt: r.RequestedAt})
	var routing identity.RegistrationRouting
	if c, t, ok := s.customer(r.CRMID); ok {
		routing.Customer, routing.Recipients = &c, slices.Clone(t.Emails)
	}
	if len(routing.Recipients) == 0 {
		for _, t := range s.Tenants {
			for _, e := range t.Emails {
				if !slices.Contains(routing.Recipients, e) {
					routing.Recipients = append(routing.Recipients, e)
				}
			}
		}
	}
	return routing, nil
}

func (s *RegistrationRequests) customer(crmID string) (organisation.CustomerRef, RegistrationTenant, bool) {
	for _, t := range s.Tenants {
		for _, c := range t.Customers {
			if c.CRMID == crmID {
				return c, t, true
			}
		}
	}
	return organisation.CustomerRef{}, RegistrationTenant{}, false
}

// Forget removes the login's request.
func (s *RegistrationRequests) Forget(_ context.Context, login string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.requests = slices.DeleteFunc(s.requests, func(r userdata.Request) bool { return r.Login == login })
	return nil
}

// Pending returns a page of unlinked requests, oldest first.
func (s *RegistrationRequests) Pending(ctx context.Context, page, size int) ([]userdata.Request, int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var pending []userdata.Request
	for _, r := range s.requests {
		var l access.Link
		if s.Links != nil {
			l, _ = s.Links.ByLogin(ctx, r.Login)
		}
		if l.CustomerID != 0 || l.FulfillmentID != 0 {
			continue
		}
		if c, _, ok := s.customer(r.CRMID); ok {
			r.Customer = &c
		}
		pending = append(pending, r)
	}
	slices.SortStableFunc(pending, func(a, b userdata.Request) int { return a.RequestedAt.Compare(b.RequestedAt) })
	from := min(page*size, len(pending))
	return pending[from:min(from+size, len(pending))], len(pending), nil
}
