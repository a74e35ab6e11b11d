package memory

import (
	"cmp"
	"context"
	"slices"
	"sync"

	"parcelportal/core/printer"
)

// NetworkPrinters keeps network printers in memory. Customers lists the
// customers that exist; nil lets every customer exist.
type NetworkPrinters struct {
	Customers []int64

	mu     sync.Mutex
	nextID int64
	items  []printer.Printer
}

func (m *NetworkPrinters) find(customerID, id int64) int {
	return slices.IndexFunc(m.items, func(p printer.Printer) bool { return p.ID == id && p.CustomerID == customerID })
}

// List returns the customer's printers by name, then id.
func (m *NetworkPrinters) List(_ context.Context, customerID int64) ([]printer.Printer, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := []printer.Printer{}
	for _, p := range m.items {
		if p.CustomerID == customerID {
			out = append(out, p)
		}
	}
	slices.SortFunc(out, func(a, b printer.Printer) int { return cmp.Or(cmp.Compare(a.Name, b.Name), cmp.Compare(a.ID, b.ID)) })
	return out, nil
}

// Get returns the customer's printer.
func (m *NetworkPrinters) Get(_ context.Context, customerID, id int64) (printer.Printer, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if i := m.find(customerID, id); i >= 0 {
		return m.items[i], nil
	}
	return printer.Printer{}, printer.ErrNotFound
}

// Create stores a printer of an existing customer.
func (m *NetworkPrinters) Create(_ context.Context, p printer.Printer) (printer.Printer, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.Customers != nil && !slices.Contains(m.Customers, p.CustomerID) {
		return printer.Printer{}, printer.ErrNotFound
	}
	m.nextID++
	p.ID = m.nextID
	m.items = append(m.items, p)
	return p, nil
}

// Update stores the fields of the customer's printer.
func (m *NetworkPrinters) Update(_ context.Context, p printer.Printer) (printer.Printer, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	i := m.find(p.CustomerID, p.ID)
	if i < 0 {
		return printer.Printer{}, printer.ErrNotFound
	}
	m.items[i] = p
	return p, nil
}

// Delete removes the customer's printer.
func (m *NetworkPrinters) Delete(_ context.Context, customerID, id int64) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	i := m.find(customerID, id)
	if i < 0 {
		return printer.ErrNotFound
	}
	m.items = slices.Delete(m.items, i, i+1)
	return nil
}
