package memory

import (
	"cmp"
	"context"
	"slices"
	"sync"

	"parcelportal/app/organisations"
	"parcelportal/core/organisation"
)

// Organisation keeps tenants with hubs, fulfillments and the customers they
// act for in memory; it is the fake of both organisation stores.
type Organisation struct {
	mu           sync.Mutex
	next         int64
	tenants      map[int64]organisation.Tenant
	fulfillments map[int64]organisation.Fulfillment
	customers    map[int64]organisation.CustomerRef
	customerHub  map[int64]int64
	memberOf     map[int64]int64 // customer → fulfillment
}

// NewOrganisation returns an empty organisation.
func NewOrganisation() *Organisation {
	return &Organisation{tenants: map[int64]organisation.Tenant{}, fulfillments: map[int64]organisation.Fulfillment{},
		customers: map[int64]organisation.CustomerRef{}, customerHub: map[int64]int64{}, memberOf: map[int64]int64{}}
}

func (o *Organisation) id() int64 { o.next++; return o.next }

func cloneTenant(t organisation.Tenant) organisation.Tenant {
	t.SelfRegistrationEmails = slices.Clone(t.SelfRegistrationEmails)
	t.MarketingEmails = slices.Clone(t.MarketingEmails)
	t.Hubs = slices.Clone(t.Hubs)
	return t
}

// AddCustomer adds a customer served from a hub, with the hub's country.
func (o *Organisation) AddCustomer(name, crmid string, hubID int64) organisation.CustomerRef {
	o.mu.Lock()
	defer o.mu.Unlock()
	c := organisation.CustomerRef{ID: o.id(), Name: name, CRMID: crmid}
	for _, t := range o.tenants {
		for _, h := range t.Hubs {
			if h.ID == hubID {
				c.HubCountryCode = h.CountryCode
			}
		}
	}
	o.customers[c.ID] = c
	o.customerHub[c.ID] = hubID
	return c
}

func (o *Organisation) nameTaken(name string, except int64) bool {
	for _, t := range o.tenants {
		if t.Name == name && t.ID != except {
			return true
		}
	}
	return false
}

// ListTenants returns a page by subsidiary.
func (o *Organisation) ListTenants(_ context.Context, p organisations.Page) ([]organisation.Tenant, int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	all := make([]organisation.Tenant, 0, len(o.tenants))
	for _, t := range o.tenants {
		all = append(all, cloneTenant(t))
	}
	slices.SortFunc(all, func(a, b organisation.Tenant) int {
		return cmp.Or(cmp.Compare(a.Subsidiary, b.Subsidiary), cmp.Compare(a.ID, b.ID))
	})
	return pageOf(all, p.Page, p.Size), len(all), nil
}

// pageOf is the page'th run of size items of all (counting from 0); past the
// end it is empty.
func pageOf[T any](all []T, page, size int) []T {
	from := min(page*size, len(all))
	return all[from:min(from+size, len(all))]
}

// GetTenant returns one tenant.
func (o *Organisation) GetTenant(_ context.Context, id int64) (organisation.Tenant, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	t, ok := o.tenants[id]
	if !ok {
		return organisation.Tenant{}, organisations.ErrTenantNotFound
	}
	return cloneTenant(t), nil
}

// CreateTenant stores a tenant and gives its hubs ids.
func (o *Organisation) CreateTenant(_ context.Context, t organisation.Tenant) (organisation.Tenant, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.nameTaken(t.Name, 0) {
		return organisation.Tenant{}, organisations.ErrTenantExists
	}
	t = cloneTenant(t)
	t.ID = o.id()
	for i := range t.Hubs {
		t.Hubs[i].ID = o.id()
	}
	o.tenants[t.ID] = t
	return cloneTenant(t), nil
}

// UpdateTenant changes a tenant; nothing is stored when change or a rule fails.
func (o *Organisation) UpdateTenant(_ context.Context, id int64, change func(organisation.Tenant) (organisation.Tenant, error)) (organisation.Tenant, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	cur, ok := o.tenants[id]
	if !ok {
		return organisation.Tenant{}, organisations.ErrTenantNotFound
	}
	t, err := change(cloneTenant(cur))
	if err != nil {
		return organisation.Tenant{}, err
	}
	t = cloneTenant(t)
	t.ID = id
	if o.nameTaken(t.Name, id) {
		return organisation.Tenant{}, organisations.ErrTenantExists
	}
	names := map[string]bool{}
	kept := map[int64]bool{}
	for _, h := range t.Hubs {
		if names[h.Name] {
			return organisation.Tenant{}, organisations.ErrHubNameTaken
		}
		names[h.Name] = true
		if h.ID > 0 {
			if !slices.ContainsFunc(cur.Hubs, func(c organisation.Hub) bool { return c.ID == h.ID }) {
				return organisation.Tenant{}, organisations.ErrTenantNotFound
			}
			kept[h.ID] = true
		}
	}
	for _, h := range cur.Hubs {
		if !kept[h.ID] && o.hubServes(h.ID) {
			return organisation.Tenant{}, organisations.ErrHubInUse
		}
	}
	for i := range t.Hubs {
		if t.Hubs[i].ID == 0 {
			t.Hubs[i].ID = o.id()
		}
	}
	o.tenants[id] = t
	return cloneTenant(t), nil
}

func (o *Organisation) hubServes(hubID int64) bool {
	for _, h := range o.customerHub {
		if h == hubID {
			return true
		}
	}
	return false
}

// DeleteTenant removes a tenant unless one of its hubs serves a customer.
func (o *Organisation) DeleteTenant(_ context.Context, id int64) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	t, ok := o.tenants[id]
	if !ok {
		return organisations.ErrTenantNotFound
	}
	for _, h := range t.Hubs {
		if o.hubServes(h.ID) {
			return organisations.ErrTenantInUse
		}
	}
	delete(o.tenants, id)
	return nil
}

func (o *Organisation) fulfillment(id int64) organisation.Fulfillment {
	f := o.fulfillments[id]
	f.Customers = nil
	for cid, fid := range o.memberOf {
		if fid == id {
			f.Customers = append(f.Customers, o.customers[cid])
		}
	}
	slices.SortFunc(f.Customers, func(a, b organisation.CustomerRef) int {
		return cmp.Or(cmp.Compare(a.Name, b.Name), cmp.Compare(a.ID, b.ID))
	})
	if f.Customers == nil {
		f.Customers = []organisation.CustomerRef{}
	}
	return f
}

// ListFulfillments returns a page by name.
func (o *Organisation) ListFulfillments(_ context.Context, p organisations.Page) ([]organisation.Fulfillment, int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	all := make([]organisation.Fulfillment, 0, len(o.fulfillments))
	for id := range o.fulfillments {
		all = append(all, o.fulfillment(id))
	}
	slices.SortFunc(all, func(a, b organisation.Fulfillment) int {
		return cmp.Or(cmp.Compare(a.Name, b.Name), cmp.Compare(a.ID, b.ID))
	})
	return pageOf(all, p.Page, p.Size), len(all), nil
}

// GetFulfillment returns one fulfillment.
func (o *Organisation) GetFulfillment(_ context.Context, id int64) (organisation.Fulfillment, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if _, ok := o.fulfillments[id]; !ok {
		return organisation.Fulfillment{}, organisations.ErrFulfillmentNotFound
	}
	return o.fulfillment(id), nil
}

// SaveFulfillment creates or updates a fulfillment and moves its customers.
func (o *Organisation) SaveFulfillment(_ context.Context, f organisation.Fulfillment) (organisation.Fulfillment, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if f.ID != 0 {
		if _, ok := o.fulfillments[f.ID]; !ok {
			return organisation.Fulfillment{}, organisations.ErrFulfillmentNotFound
		}
	}
	for id, other := range o.fulfillments {
		if other.Name == f.Name && id != f.ID {
			return organisation.Fulfillment{}, organisations.ErrFulfillmentExists
		}
	}
	for _, c := range f.Customers {
		if _, ok := o.customers[c.ID]; !ok {
			return organisation.Fulfillment{}, organisations.ErrUnknownCustomer
		}
	}
	if f.ID == 0 {
		f.ID = o.id()
	}
	o.fulfillments[f.ID] = organisation.Fulfillment{ID: f.ID, Name: f.Name, CRMID: f.CRMID}
	for cid, fid := range o.memberOf {
		if fid == f.ID {
			delete(o.memberOf, cid)
		}
	}
	for _, c := range f.Customers {
		o.memberOf[c.ID] = f.ID
	}
	return o.fulfillment(f.ID), nil
}

// DeleteFulfillment removes a fulfillment; its customers stay.
func (o *Organisation) DeleteFulfillment(_ context.Context, id int64) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	if _, ok := o.fulfillments[id]; !ok {
		return organisations.ErrFulfillmentNotFound
	}
	delete(o.fulfillments, id)
	for cid, fid := range o.memberOf {
		if fid == id {
			delete(o.memberOf, cid)
		}
	}
	return nil
}

// Memberships returns every customer by name with its fulfillment.
func (o *Organisation) Memberships(context.Context) ([]organisation.Membership, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	out := make([]organisation.Membership, 0, len(o.customers))
	for _, c := range o.customers {
		m := organisation.Membership{Customer: c}
		if fid, ok := o.memberOf[c.ID]; ok {
			m.Fulfillment = organisation.FulfillmentRef{ID: fid, Name: o.fulfillments[fid].Name}
		}
		out = append(out, m)
	}
	slices.SortFunc(out, func(a, b organisation.Membership) int {
		return cmp.Or(cmp.Compare(a.Customer.Name, b.Customer.Name), cmp.Compare(a.Customer.ID, b.Customer.ID))
	})
	return out, nil
}
