package memory

import (
	"cmp"
	"context"
	"slices"
	"sync"

	"parcelportal/core/invoice"
)

// Invoices keeps commercial invoices in memory, as reports.InvoiceStore.
type Invoices struct {
	mu     sync.Mutex
	list   []invoice.Stored
	lastID int64
}

// Save stores the invoices all or none: a number taken for a CRM id or a
// shipment already invoiced refuses them all.
func (m *Invoices) Save(_ context.Context, invoices []invoice.Stored) ([]invoice.Stored, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for i, inv := range invoices {
		for _, other := range append(slices.Clone(m.list), invoices[:i]...) {
			if other.CRMID == inv.CRMID && other.Number == inv.Number {
				return nil, invoice.ErrNumberTaken
			}
			for _, s := range inv.Shipments {
				if slices.ContainsFunc(other.Shipments, func(o invoice.StoredShipment) bool { return o.ID == s.ID }) {
					return nil, invoice.ErrAlreadyInvoiced
				}
			}
		}
	}
	out := make([]invoice.Stored, len(invoices))
	for i, inv := range invoices {
		m.lastID++
		inv.ID = m.lastID
		inv.Shipments = slices.Clone(inv.Shipments)
		m.list = append(m.list, inv)
		out[i] = inv
	}
	return out, nil
}

// NumberTaken reports whether the number is stored for any of the CRM ids.
func (m *Invoices) NumberTaken(_ context.Context, number string, crmIDs []string) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return slices.ContainsFunc(m.list, func(inv invoice.Stored) bool {
		return inv.Number == number && slices.Contains(crmIDs, inv.CRMID)
	}), nil
}

// ByNumber answers the invoices of the number of the customers (nil: any), by CRM id.
func (m *Invoices) ByNumber(_ context.Context, customers []int64, number string) ([]invoice.Stored, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []invoice.Stored
	for _, inv := range m.list {
		if inv.Number == number && (customers == nil || slices.Contains(customers, inv.CustomerID)) {
			out = append(out, inv)
		}
	}
	slices.SortFunc(out, func(a, b invoice.Stored) int { return cmp.Compare(a.CRMID, b.CRMID) })
	return out, nil
}

// ForShipments answers the invoices holding any of the shipments, by id.
func (m *Invoices) ForShipments(_ context.Context, ids []int64) ([]invoice.Stored, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []invoice.Stored
	for _, inv := range m.list {
		if slices.ContainsFunc(inv.Shipments, func(s invoice.StoredShipment) bool { return slices.Contains(ids, s.ID) }) {
			out = append(out, inv)
		}
	}
	return out, nil
}
