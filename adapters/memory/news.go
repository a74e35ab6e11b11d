package memory

import (
	"cmp"
	"context"
	"slices"
	"sync"
	"time"

	"parcelportal/core/document"
	"parcelportal/core/failure"
)

// News keeps news items in memory.
type News struct {
	mu     sync.Mutex
	nextID int64
	items  []document.News
}

var errNewsNotFound = &failure.Error{Kind: failure.NotFound, Key: "error.news.notFound", Entity: "news"}

func (m *News) sorted() {
	slices.SortStableFunc(m.items, func(a, b document.News) int {
		return cmp.Or(cmp.Compare(a.Order, b.Order), cmp.Compare(a.ID, b.ID))
	})
}

func (m *News) find(id int64) int {
	return slices.IndexFunc(m.items, func(n document.News) bool { return n.ID == id })
}

// List returns every item in order.
func (m *News) List(context.Context) ([]document.News, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.sorted()
	return slices.Clone(m.items), nil
}

// Get returns one item.
func (m *News) Get(_ context.Context, id int64) (document.News, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if i := m.find(id); i >= 0 {
		return m.items[i], nil
	}
	return document.News{}, errNewsNotFound
}

// Create stores an item last.
func (m *News) Create(_ context.Context, n document.News) (document.News, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.nextID++
	n.ID, n.CreatedAt, n.Order = m.nextID, time.Now().UTC().Truncate(time.Microsecond), len(m.items)
	m.items = append(m.items, n)
	return n, nil
}

// Update stores an item's texts.
func (m *News) Update(_ context.Context, n document.News) (document.News, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	i := m.find(n.ID)
	if i < 0 {
		return document.News{}, errNewsNotFound
	}
	n.CreatedAt, n.Order = m.items[i].CreatedAt, m.items[i].Order
	m.items[i] = n
	return n, nil
}

// Delete removes an item and renumbers the others.
func (m *News) Delete(_ context.Context, id int64) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	i := m.find(id)
	if i < 0 {
		return errNewsNotFound
	}
	m.items = slices.Delete(m.items, i, i+1)
	m.sorted()
	for i := range m.items {
		m.items[i].Order = i
	}
	return nil
}

// Reorder stores the orders place returns.
func (m *News) Reorder(_ context.Context, place func([]document.Placed) []document.Placed) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	placed := make([]document.Placed, len(m.items))
	for i, n := range m.items {
		placed[i] = document.Placed{ID: n.ID, Order: n.Order}
	}
	for _, p := range place(placed) {
		if i := m.find(p.ID); i >= 0 {
			m.items[i].Order = p.Order
		}
	}
	m.sorted()
	return nil
}
