package memory

import (
	"context"
	"slices"
	"sync"

	"parcelportal/core/linkdownload"
)

// DownloadTokens keeps download grants in memory.
type DownloadTokens struct {
	mu     sync.Mutex
	grants map[[32]byte]linkdownload.Grant
}

// NewDownloadTokens returns an empty store.
func NewDownloadTokens() *DownloadTokens {
	return &DownloadTokens{grants: map[[32]byte]linkdownload.Grant{}}
}

// Put stores the grant. The fake keeps grants until they are taken, so
// that tests may run on a clock of their own.
func (m *DownloadTokens) Put(_ context.Context, hash [32]byte, g linkdownload.Grant) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	g.Caller.Roles = slices.Clone(g.Caller.Roles)
	g.Caller.FulfillmentCustomers = slices.Clone(g.Caller.FulfillmentCustomers)
	m.grants[hash] = g
	return nil
}

// Take removes and answers the grant.
func (m *DownloadTokens) Take(_ context.Context, hash [32]byte) (linkdownload.Grant, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	g, ok := m.grants[hash]
	if !ok {
		return linkdownload.Grant{}, linkdownload.ErrTokenInvalid
	}
	delete(m.grants, hash)
	return g, nil
}
