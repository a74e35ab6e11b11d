package memory

import (
	"context"
	"slices"
	"strings"
	"sync"
	"time"

	"parcelportal/app/inquiries"
	"parcelportal/core/failure"
	"parcelportal/core/inquiry"
)

// Inquiries keeps parcel inquiries and newsletter subscriptions in memory.
// CustomerTenants maps a customer to its hub's tenant; Tenants lists the
// tenants (the first is every other caller's).
type Inquiries struct {
	CustomerTenants map[int64]int64
	Tenants         []int64

	mu            sync.Mutex
	items         []storedInquiry
	subscriptions []inquiry.Subscription
	// tokens are the subscriptions' confirmation tokens by id.
	tokens map[int64]confirmationToken
}

type confirmationToken struct {
	hash    [32]byte
	expires time.Time
}

type storedInquiry struct {
	inquiry.Inquiry
	pdf []byte
}

var _ inquiries.Store = (*Inquiries)(nil)

// Create stores the inquiry and its PDF.
func (m *Inquiries) Create(_ context.Context, in inquiry.Inquiry, pdf []byte) (inquiry.Inquiry, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	in.ID, in.DeskMailedAt, in.MailedAt = int64(len(m.items)+1), time.Time{}, time.Time{}
	in.Attachments = slices.Clone(in.Attachments)
	m.items = append(m.items, storedInquiry{in, slices.Clone(pdf)})
	return in, nil
}

// Get reads an inquiry and its PDF.
func (m *Inquiries) Get(_ context.Context, id int64) (inquiry.Inquiry, []byte, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if id <= 0 || id > int64(len(m.items)) {
		return inquiry.Inquiry{}, nil, failure.New(failure.NotFound, inquiry.KeyNotFound)
	}
	s := m.items[id-1]
	return s.Inquiry, slices.Clone(s.pdf), nil
}

func visible(customers []int64, id int64) bool {
	return customers == nil || (id != 0 && slices.Contains(customers, id))
}

// newer orders by creation time, then id.
func newer(a, b inquiry.Inquiry) bool {
	return a.CreatedAt.After(b.CreatedAt) || (a.CreatedAt.Equal(b.CreatedAt) && a.ID > b.ID)
}

// Latest reads the newest inquiry of a tracking number among the customers'.
func (m *Inquiries) Latest(_ context.Context, trackingNumber string, customers []int64) (inquiry.Inquiry, []byte, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var best *storedInquiry
	for i := range m.items {
		s := &m.items[i]
		if s.TrackingNumber == trackingNumber && visible(customers, s.CustomerID) && (best == nil || newer(s.Inquiry, best.Inquiry)) {
			best = s
		}
	}
	if best == nil {
		return inquiry.Inquiry{}, nil, failure.New(failure.NotFound, inquiry.KeyNotFound)
	}
	return best.Inquiry, slices.Clone(best.pdf), nil
}

// MarkDeskMailed sets the desk mail's time once.
func (m *Inquiries) MarkDeskMailed(_ context.Context, id int64, at time.Time) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return markMailed(m.items, id, at, func(s *storedInquiry) *time.Time { return &s.DeskMailedAt }), nil
}

// MarkMailed sets the mail time once.
func (m *Inquiries) MarkMailed(_ context.Context, id int64, at time.Time) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return markMailed(m.items, id, at, func(s *storedInquiry) *time.Time { return &s.MailedAt }), nil
}

// Unmailed lists the inquiries not mailed yet, oldest first.
func (m *Inquiries) Unmailed(context.Context) ([]int64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return unmailed(m.items, func(s *storedInquiry) *time.Time { return &s.MailedAt }), nil
}

// Marks reads each tracking number's latest inquiry among the customers'.
func (m *Inquiries) Marks(_ context.Context, trackingNumbers []string, customers []int64) (map[string]inquiry.Mark, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := map[string]inquiry.Mark{}
	latest := map[string]inquiry.Inquiry{}
	for _, s := range m.items {
		if !slices.Contains(trackingNumbers, s.TrackingNumber) || !visible(customers, s.CustomerID) {
			continue
		}
		if b, ok := latest[s.TrackingNumber]; !ok || newer(s.Inquiry, b) {
			latest[s.TrackingNumber] = s.Inquiry
			out[s.TrackingNumber] = inquiry.Mark{CreatedAt: s.CreatedAt, CreatedBy: s.CreatedBy}
		}
	}
	return out, nil
}

// Subscribe stores a subscription once per e-mail (any case) and tenant.
func (m *Inquiries) Subscribe(_ context.Context, sub inquiry.Subscription) (int64, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, s := range m.subscriptions {
		if s.TenantID == sub.TenantID && strings.EqualFold(s.Email, sub.Email) {
			return s.ID, false, nil
		}
	}
	sub.ID, sub.ConfirmationMailedAt, sub.ConfirmedAt, sub.MailedAt = int64(len(m.subscriptions)+1), time.Time{}, time.Time{}, time.Time{}
	m.subscriptions = append(m.subscriptions, sub)
	return sub.ID, true, nil
}

// GetSubscription reads a subscription.
func (m *Inquiries) GetSubscription(_ context.Context, id int64) (inquiry.Subscription, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if id <= 0 || id > int64(len(m.subscriptions)) {
		return inquiry.Subscription{}, failure.New(failure.NotFound, inquiry.KeyNotFound)
	}
	return m.subscriptions[id-1], nil
}

// MarkConfirmationMailed sets the confirmation's time once.
func (m *Inquiries) MarkConfirmationMailed(_ context.Context, id int64, at time.Time) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return markMailed(m.subscriptions, id, at, func(s *inquiry.Subscription) *time.Time { return &s.ConfirmationMailedAt }), nil
}

// MarkSubscriptionMailed sets the mail time once.
func (m *Inquiries) MarkSubscriptionMailed(_ context.Context, id int64, at time.Time) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return markMailed(m.subscriptions, id, at, func(s *inquiry.Subscription) *time.Time { return &s.MailedAt }), nil
}

// UnmailedSubscriptions lists the subscriptions with a mail to send, oldest first.
func (m *Inquiries) UnmailedSubscriptions(context.Context) ([]int64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []int64
	for _, s := range m.subscriptions {
		if s.MailedAt.IsZero() && (s.ConfirmationMailedAt.IsZero() || s.Confirmed()) {
			out = append(out, s.ID)
		}
	}
	return out, nil
}

// AskConfirmationAgain clears an unconfirmed subscription's link mark.
func (m *Inquiries) AskConfirmationAgain(_ context.Context, id int64, language string) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if id <= 0 || id > int64(len(m.subscriptions)) || m.subscriptions[id-1].Confirmed() {
		return false, nil
	}
	s := &m.subscriptions[id-1]
	s.ConfirmationMailedAt, s.Language = time.Time{}, language
	return true, nil
}

// SetConfirmationToken keeps the token's hash and expiry.
func (m *Inquiries) SetConfirmationToken(_ context.Context, id int64, hash [32]byte, expires time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if id <= 0 || id > int64(len(m.subscriptions)) {
		return failure.New(failure.NotFound, inquiry.KeyNotFound)
	}
	if m.tokens == nil {
		m.tokens = map[int64]confirmationToken{}
	}
	m.tokens[id] = confirmationToken{hash: hash, expires: expires}
	return nil
}

// Confirm confirms the subscription of an unexpired token once.
func (m *Inquiries) Confirm(_ context.Context, hash [32]byte, now time.Time) (int64, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for id, t := range m.tokens {
		if t.hash != hash || !now.Before(t.expires) {
			continue
		}
		s := &m.subscriptions[id-1]
		if s.Confirmed() {
			return id, false, nil
		}
		s.ConfirmedAt = now
		return id, true, nil
	}
	return 0, false, failure.New(failure.NotFound, inquiry.KeyInvalidLink)
}

// markMailed sets a mail time of an inquiry or a subscription once; both
// are kept in id order, the id counting from 1.
func markMailed[T any](items []T, id int64, at time.Time, mailedAt func(*T) *time.Time) bool {
	if id <= 0 || id > int64(len(items)) {
		return false
	}
	t := mailedAt(&items[id-1])
	if !t.IsZero() {
		return false
	}
	*t = at
	return true
}

// unmailed lists the ids of the items not mailed yet, oldest first.
func unmailed[T any](items []T, mailedAt func(*T) *time.Time) []int64 {
	var out []int64
	for i := range items {
		if mailedAt(&items[i]).IsZero() {
			out = append(out, int64(i+1))
		}
	}
	return out
}

// TenantOf is the customer's tenant, else the first.
func (m *Inquiries) TenantOf(_ context.Context, customerID int64) (int64, error) {
	if t, ok := m.CustomerTenants[customerID]; ok {
		return t, nil
	}
	if len(m.Tenants) == 0 {
		return 0, failure.New(failure.NotFound, inquiry.KeyTenantNotFound)
	}
	return m.Tenants[0], nil
}
