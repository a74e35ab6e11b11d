package memory

import (
	"context"
	"sync"

	"parcelportal/core/access"
)

// UserLinks keeps the links of logins to customers and fulfillments in memory.
type UserLinks struct {
	mu sync.Mutex
	// customers by CRM id
	customers map[string]int64
	links     map[string]access.Link
}

// NewUserLinks returns links that know the customers by CRM id.
func NewUserLinks(customersByCRMID map[string]int64) *UserLinks {
	return &UserLinks{customers: customersByCRMID, links: map[string]access.Link{}}
}

// Set links a login directly, for tests of fulfillment users.
func (u *UserLinks) Set(login string, l access.Link) {
	u.mu.Lock()
	defer u.mu.Unlock()
	u.links[login] = l
}

// ByLogin returns the login's link; empty for none.
func (u *UserLinks) ByLogin(_ context.Context, login string) (access.Link, error) {
	u.mu.Lock()
	defer u.mu.Unlock()
	return u.links[login], nil
}

// LinkToCustomerByCRMID links the login to the customer with the CRM id, if any.
func (u *UserLinks) LinkToCustomerByCRMID(_ context.Context, login, _, crmID string) error {
	u.mu.Lock()
	defer u.mu.Unlock()
	u.links[login] = access.Link{CustomerID: u.customers[crmID]}
	return nil
}

// DeleteByLogin removes the login's link.
func (u *UserLinks) DeleteByLogin(_ context.Context, login string) error {
	u.mu.Lock()
	defer u.mu.Unlock()
	delete(u.links, login)
	return nil
}
