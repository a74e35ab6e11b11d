package memory

import (
	"cmp"
	"context"
	"slices"
	"sync"

	"parcelportal/core/document"
	"parcelportal/core/failure"
)

// LegalPages keeps legal pages in memory for the tenants it is given.
type LegalPages struct {
	mu sync.Mutex
	// tenants are the known tenant ids; customers maps a customer to its
	// hub's tenant.
	tenants   []int64
	customers map[int64]int64
	pages     []document.LegalPage
}

// NewLegalPages returns an empty store knowing the tenants and which tenant
// each customer's hub belongs to.
func NewLegalPages(tenants []int64, customers map[int64]int64) *LegalPages {
	return &LegalPages{tenants: slices.Sorted(slices.Values(tenants)), customers: customers}
}

// List returns the tenant's pages of one kind, or of all, by kind and locale.
func (m *LegalPages) List(_ context.Context, tenantID int64, kind document.LegalKind) ([]document.LegalPage, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := []document.LegalPage{}
	for _, p := range m.pages {
		if p.TenantID == tenantID && (kind == "" || p.Kind == kind) {
			out = append(out, p)
		}
	}
	slices.SortFunc(out, func(a, b document.LegalPage) int {
		return cmp.Or(cmp.Compare(a.Kind, b.Kind), cmp.Compare(a.Locale, b.Locale))
	})
	return out, nil
}

func (m *LegalPages) find(tenantID int64, kind document.LegalKind, locale string) int {
	return slices.IndexFunc(m.pages, func(p document.LegalPage) bool {
		return p.TenantID == tenantID && p.Kind == kind && p.Locale == locale
	})
}

// Put publishes a page over the tenant's page of that kind and locale.
func (m *LegalPages) Put(_ context.Context, p document.LegalPage) (document.LegalPage, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if !slices.Contains(m.tenants, p.TenantID) {
		return document.LegalPage{}, failure.InvalidFields(failure.FieldViolation{Object: document.LegalObject, Field: "tenantId", Rule: "exists"})
	}
	if i := m.find(p.TenantID, p.Kind, p.Locale); i >= 0 {
		m.pages[i] = p
	} else {
		m.pages = append(m.pages, p)
	}
	return p, nil
}

// Delete withdraws one page.
func (m *LegalPages) Delete(_ context.Context, tenantID int64, kind document.LegalKind, locale string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	i := m.find(tenantID, kind, locale)
	if i < 0 {
		return &failure.Error{Kind: failure.NotFound, Key: document.KeyLegalNotPublished, Entity: document.LegalObject}
	}
	m.pages = slices.Delete(m.pages, i, i+1)
	return nil
}

// TenantOf is the customer's tenant, else the first tenant.
func (m *LegalPages) TenantOf(_ context.Context, customerID int64) (int64, error) {
	if t, ok := m.customers[customerID]; ok {
		return t, nil
	}
	if len(m.tenants) == 0 {
		return 0, failure.New(failure.NotFound, "error.inquiry.tenantNotFound")
	}
	return m.tenants[0], nil
}
