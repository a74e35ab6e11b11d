package memory

import (
	"context"
	"slices"
	"sync"
	"time"

	"parcelportal/core/document"
	"parcelportal/core/failure"
)

// Docs keeps product-codes and CSV-template documents in memory.
type Docs struct {
	mu     sync.Mutex
	nextID int64
	docs   map[document.Kind][]document.Doc
}

// NewDocs returns an empty document store.
func NewDocs() *Docs { return &Docs{docs: map[document.Kind][]document.Doc{}} }

func docNotFound(kind document.Kind) error {
	return &failure.Error{Kind: failure.NotFound, Key: document.KeyNotFound, Entity: string(kind)}
}

func cloneDoc(d document.Doc) document.Doc {
	d.Document = slices.Clone(d.Document)
	d.Size = len(d.Document)
	return d
}

// List returns the kind's documents newest first without their bytes.
func (m *Docs) List(_ context.Context, kind document.Kind) ([]document.Doc, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make([]document.Doc, 0, len(m.docs[kind]))
	for _, d := range slices.Backward(m.docs[kind]) {
		d.Size, d.Document = len(d.Document), nil
		out = append(out, d)
	}
	return out, nil
}

func (m *Docs) find(kind document.Kind, id int64) int {
	return slices.IndexFunc(m.docs[kind], func(d document.Doc) bool { return d.ID == id })
}

// Get returns one document.
func (m *Docs) Get(_ context.Context, kind document.Kind, id int64) (document.Doc, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	i := m.find(kind, id)
	if i < 0 {
		return document.Doc{}, docNotFound(kind)
	}
	return cloneDoc(m.docs[kind][i]), nil
}

// Active returns the kind's active document.
func (m *Docs) Active(_ context.Context, kind document.Kind) (document.Doc, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, d := range m.docs[kind] {
		if d.Active {
			return cloneDoc(d), true, nil
		}
	}
	return document.Doc{}, false, nil
}

// Create stores a document.
func (m *Docs) Create(_ context.Context, kind document.Kind, d document.Doc) (document.Doc, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.nextID++
	d = cloneDoc(d)
	d.ID, d.CreatedAt = m.nextID, time.Now().UTC().Truncate(time.Microsecond)
	m.docs[kind] = document.Activated(append(m.docs[kind], d), d)
	return cloneDoc(d), nil
}

// Update changes a document through change.
func (m *Docs) Update(_ context.Context, kind document.Kind, id int64, change func(document.Doc) (document.Doc, error)) (document.Doc, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	i := m.find(kind, id)
	if i < 0 {
		return document.Doc{}, docNotFound(kind)
	}
	stored := m.docs[kind][i]
	next, err := change(cloneDoc(stored))
	if err != nil {
		return document.Doc{}, err
	}
	next = cloneDoc(next)
	next.ID, next.CreatedAt = stored.ID, stored.CreatedAt
	m.docs[kind] = document.Activated(m.docs[kind], next)
	return cloneDoc(next), nil
}

// Delete removes a document unless check fails.
func (m *Docs) Delete(_ context.Context, kind document.Kind, id int64, check func(document.Doc) error) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	i := m.find(kind, id)
	if i < 0 {
		return docNotFound(kind)
	}
	if err := check(cloneDoc(m.docs[kind][i])); err != nil {
		return err
	}
	m.docs[kind] = slices.Delete(m.docs[kind], i, i+1)
	return nil
}

// Acsses keeps acss files in memory; tenants are known by id and name.
type Acsses struct {
	mu      sync.Mutex
	nextID  int64
	tenants map[int64]string
	files   []document.Acss
}

// NewAcsses returns an empty store that knows the tenants.
func NewAcsses(tenants map[int64]string) *Acsses { return &Acsses{tenants: tenants} }

var errAcssNotFound = &failure.Error{Kind: failure.NotFound, Key: document.KeyNotFound, Entity: "acss"}

func (m *Acsses) find(id int64) int {
	return slices.IndexFunc(m.files, func(a document.Acss) bool { return a.ID == id })
}

func (m *Acsses) named(a document.Acss) (document.Acss, error) {
	a.CSV = slices.Clone(a.CSV)
	if a.TenantID == 0 {
		a.TenantName = ""
		return a, nil
	}
	name, ok := m.tenants[a.TenantID]
	if !ok {
		return document.Acss{}, &failure.Error{Kind: failure.Invalid, Key: "error.acss.unknownTenant", Entity: "acss"}
	}
	a.TenantName = name
	return a, nil
}

// List returns every file newest first without the CSV.
func (m *Acsses) List(context.Context) ([]document.Acss, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make([]document.Acss, 0, len(m.files))
	for _, a := range slices.Backward(m.files) {
		a.CSV = nil
		out = append(out, a)
	}
	return out, nil
}

// Get returns one file.
func (m *Acsses) Get(_ context.Context, id int64) (document.Acss, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	i := m.find(id)
	if i < 0 {
		return document.Acss{}, errAcssNotFound
	}
	return m.named(m.files[i])
}

// Create stores a file.
func (m *Acsses) Create(_ context.Context, a document.Acss) (document.Acss, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	a, err := m.named(a)
	if err != nil {
		return document.Acss{}, err
	}
	m.nextID++
	a.ID, a.CreatedAt = m.nextID, time.Now().UTC().Truncate(time.Microsecond)
	m.files = append(m.files, a)
	return m.named(a)
}

// Update changes a file through change.
func (m *Acsses) Update(_ context.Context, id int64, change func(document.Acss) (document.Acss, error)) (document.Acss, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	i := m.find(id)
	if i < 0 {
		return document.Acss{}, errAcssNotFound
	}
	stored, _ := m.named(m.files[i])
	next, err := change(stored)
	if err != nil {
		return document.Acss{}, err
	}
	if next, err = m.named(next); err != nil {
		return document.Acss{}, err
	}
	next.ID, next.CreatedAt = stored.ID, stored.CreatedAt
	m.files[i] = next
	return m.named(next)
}

// Delete removes a file.
func (m *Acsses) Delete(_ context.Context, id int64) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	i := m.find(id)
	if i < 0 {
		return errAcssNotFound
	}
	m.files = slices.Delete(m.files, i, i+1)
	return nil
}
