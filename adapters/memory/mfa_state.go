package memory

import (
	"context"
	"sync"
	"time"

	"parcelportal/app/identity"
	"parcelportal/core/account"
)

// MFAState keeps pending second factors, skips and used codes in memory.
type MFAState struct {
	mu      sync.Mutex
	pending map[string]identity.PendingSignIn
	skips   map[string]time.Time
	used    map[string]time.Time
	tries   map[string]int
}

// NewMFAState returns an empty MFA state.
func NewMFAState() *MFAState {
	return &MFAState{pending: map[string]identity.PendingSignIn{}, skips: map[string]time.Time{}, used: map[string]time.Time{}, tries: map[string]int{}}
}

// MarkPending records a session that owes its second factor.
func (m *MFAState) MarkPending(_ context.Context, p identity.PendingSignIn) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.pending[string(p.TokenHash)] = p
	m.tries[string(p.TokenHash)] = 0
	return nil
}

// Pending returns the session's pending sign-in, if any.
func (m *MFAState) Pending(_ context.Context, tokenHash []byte) (identity.PendingSignIn, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	p, ok := m.pending[string(tokenHash)]
	return p, ok, nil
}

// TakeCodeAttempt counts a code attempt of the pending sign-in.
func (m *MFAState) TakeCodeAttempt(_ context.Context, tokenHash []byte, limit int) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.pending[string(tokenHash)]; !ok {
		return false, nil
	}
	m.tries[string(tokenHash)]++
	return m.tries[string(tokenHash)] <= limit, nil
}

// ClearPending forgets the session's pending sign-in.
func (m *MFAState) ClearPending(_ context.Context, tokenHash []byte) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.pending, string(tokenHash))
	delete(m.tries, string(tokenHash))
	return nil
}

// SkipUntil is when device registration is asked for again.
func (m *MFAState) SkipUntil(_ context.Context, identityID string) (time.Time, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.skips[identityID], nil
}

// SetSkipUntil records a skip.
func (m *MFAState) SetSkipUntil(_ context.Context, identityID string, until time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.skips[identityID] = until
	return nil
}

// UseCode records a code as used once within the window.
func (m *MFAState) UseCode(_ context.Context, identityID string, codeHash []byte, at time.Time, window time.Duration) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	key := identityID + "/" + string(codeHash)
	if last, ok := m.used[key]; ok && !last.Before(at.Add(-window)) {
		return account.ErrCodeReused
	}
	m.used[key] = at
	return nil
}
