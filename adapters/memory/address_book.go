package memory

import (
	"context"
	"sync"
	"time"

	"parcelportal/core/addressbook"
)

// AddressBook keeps the customers' address books in memory.
type AddressBook struct {
	mu      sync.Mutex
	nextID  int64
	entries map[int64]addressbook.Entry
}

// NewAddressBook returns an empty address-book store.
func NewAddressBook() *AddressBook { return &AddressBook{entries: map[int64]addressbook.Entry{}} }

// sorted answers the customer's entries that match, by name.
func (m *AddressBook) sorted(customerID int64, search string) []addressbook.Entry {
	var out []addressbook.Entry
	for _, e := range m.entries {
		if e.CustomerID == customerID && e.Matches(search) {
			out = append(out, e)
		}
	}
	addressbook.SortByName(out)
	return out
}

// holds reports whether another entry of the customer has the fingerprint.
func (m *AddressBook) holds(customerID, except int64, fingerprint string) bool {
	for _, e := range m.entries {
		if e.CustomerID == customerID && e.ID != except && e.Fingerprint() == fingerprint {
			return true
		}
	}
	return false
}

// List answers one page of the customer's entries found by the search.
func (m *AddressBook) List(_ context.Context, q addressbook.Query) ([]addressbook.Entry, int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	all := m.sorted(q.CustomerID, q.Search)
	return append([]addressbook.Entry{}, pageOf(all, q.Page, q.Size)...), len(all), nil
}

// All answers every entry of the customer, by name.
func (m *AddressBook) All(_ context.Context, customerID int64) ([]addressbook.Entry, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.sorted(customerID, ""), nil
}

// Get reads one entry.
func (m *AddressBook) Get(_ context.Context, id int64) (addressbook.Entry, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	e, ok := m.entries[id]
	if !ok {
		return addressbook.Entry{}, addressbook.ErrNotFound
	}
	return e, nil
}

func (m *AddressBook) add(customerID int64, a addressbook.Address) addressbook.Entry {
	m.nextID++
	now := time.Now().UTC()
	e := addressbook.Entry{ID: m.nextID, CustomerID: customerID, Address: a, CreatedAt: now, UpdatedAt: now}
	m.entries[e.ID] = e
	return e
}

// Create stores a new entry.
func (m *AddressBook) Create(_ context.Context, e addressbook.Entry) (addressbook.Entry, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.holds(e.CustomerID, 0, e.Fingerprint()) {
		return addressbook.Entry{}, addressbook.ErrDuplicate
	}
	return m.add(e.CustomerID, e.Address), nil
}

// Update replaces the address of the customer's entry.
func (m *AddressBook) Update(_ context.Context, e addressbook.Entry) (addressbook.Entry, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	stored, ok := m.entries[e.ID]
	if !ok || stored.CustomerID != e.CustomerID {
		return addressbook.Entry{}, addressbook.ErrNotFound
	}
	if m.holds(e.CustomerID, e.ID, e.Fingerprint()) {
		return addressbook.Entry{}, addressbook.ErrDuplicate
	}
	stored.Address, stored.UpdatedAt = e.Address, time.Now().UTC()
	m.entries[e.ID] = stored
	return stored, nil
}

// Delete removes the customer's entry.
func (m *AddressBook) Delete(_ context.Context, customerID, id int64) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if e, ok := m.entries[id]; !ok || e.CustomerID != customerID {
		return addressbook.ErrNotFound
	}
	delete(m.entries, id)
	return nil
}

// Import stores the addresses the customer's book does not hold yet.
func (m *AddressBook) Import(_ context.Context, customerID int64, addresses []addressbook.Address) (int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	held := map[string]bool{}
	for _, e := range m.entries {
		if e.CustomerID == customerID {
			held[e.Fingerprint()] = true
		}
	}
	n := 0
	for _, a := range addresses {
		fp := a.Fingerprint()
		if held[fp] {
			continue
		}
		held[fp] = true
		m.add(customerID, a)
		n++
	}
	return n, nil
}
