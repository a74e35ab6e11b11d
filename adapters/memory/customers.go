package memory

import (
	"cmp"
	"context"
	"slices"
	"strings"
	"sync"

	"parcelportal/app/customers"
	"parcelportal/core/customer"
)

// Customers keeps customers in memory; hubs are a fixed id → name map.
type Customers struct {
	mu      sync.Mutex
	next    int64
	rows    map[int64]customer.Customer
	Hubs    map[int64]string
	Default int64
}

// NewCustomers returns an empty store with the hubs and the default hub.
func NewCustomers(hubs map[int64]string, defaultHub int64) *Customers {
	return &Customers{rows: map[int64]customer.Customer{}, Hubs: hubs, Default: defaultHub}
}

// clone copies the slices so callers never share memory with the store.
func clone(c customer.Customer) customer.Customer {
	c.FulfillmentIDs = slices.Clone(c.FulfillmentIDs)
	c.ManifestingRules = slices.Clone(c.ManifestingRules)
	for i := range c.ManifestingRules {
		c.ManifestingRules[i].AdditionalOptions = slices.Clone(c.ManifestingRules[i].AdditionalOptions)
	}
	c.AvailableFeatures = slices.Clone(c.AvailableFeatures)
	for i := range c.AvailableFeatures {
		c.AvailableFeatures[i].Options = slices.Clone(c.AvailableFeatures[i].Options)
	}
	c.EORICountryThresholds = slices.Clone(c.EORICountryThresholds)
	c.ManifestEmails = slices.Clone(c.ManifestEmails)
	c.AutoManifest.Days = slices.Clone(c.AutoManifest.Days)
	return c
}

func (m *Customers) crmidTaken(crmid string, except int64) bool {
	for id, c := range m.rows {
		if id != except && c.CRMID == crmid {
			return true
		}
	}
	return false
}

// DefaultHubID answers the configured default hub.
func (m *Customers) DefaultHubID(context.Context) (int64, error) { return m.Default, nil }

// Create stores a new customer.
func (m *Customers) Create(_ context.Context, c customer.Customer) (customer.Customer, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.crmidTaken(c.CRMID, 0) {
		return customer.Customer{}, customer.ErrCRMIDTaken
	}
	m.next++
	c.ID = m.next
	c.HubName = m.Hubs[c.HubID]
	m.rows[c.ID] = clone(c)
	return clone(c), nil
}

// Get returns one customer.
func (m *Customers) Get(_ context.Context, id int64) (customer.Customer, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	c, ok := m.rows[id]
	if !ok {
		return customer.Customer{}, customer.ErrNotFound
	}
	return clone(c), nil
}

// Update changes a customer through change, all or nothing.
func (m *Customers) Update(_ context.Context, id int64, change func(*customer.Customer) error) (customer.Customer, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	stored, ok := m.rows[id]
	if !ok {
		return customer.Customer{}, customer.ErrNotFound
	}
	c := clone(stored)
	if err := change(&c); err != nil {
		return customer.Customer{}, err
	}
	c.ID = id
	if m.crmidTaken(c.CRMID, id) {
		return customer.Customer{}, customer.ErrCRMIDTaken
	}
	c.HubName = m.Hubs[c.HubID]
	m.rows[id] = clone(c)
	return c, nil
}

// Delete removes a customer.
func (m *Customers) Delete(_ context.Context, id int64) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.rows[id]; !ok {
		return customer.ErrNotFound
	}
	delete(m.rows, id)
	return nil
}

// List answers a filtered, sorted page.
func (m *Customers) List(_ context.Context, q customers.Query) ([]customer.Customer, int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var all []customer.Customer
	for _, c := range m.rows {
		if q.Scope != nil && !slices.Contains(q.Scope, c.ID) {
			continue
		}
		if !strings.Contains(strings.ToLower(c.Name), strings.ToLower(q.Name)) ||
			!strings.Contains(strings.ToLower(c.CRMID), strings.ToLower(q.CRMID)) {
			continue
		}
		all = append(all, clone(c))
	}
	key := func(c customer.Customer) string {
		switch q.Sort {
		case "crmid":
			return c.CRMID
		case "id":
			return ""
		}
		return strings.ToLower(c.Name)
	}
	slices.SortFunc(all, func(a, b customer.Customer) int {
		r := cmp.Or(cmp.Compare(key(a), key(b)), cmp.Compare(a.ID, b.ID))
		if q.Descending {
			return -r
		}
		return r
	})
	return pageOf(all, max(q.Page, 0), max(q.Size, 1)), len(all), nil
}
