package memory

import (
	"context"
	"sync"

	"parcelportal/core/access"
)

// UserLinks keeps the links of logins to customers and fulfillments in
// memory. Set stands for staff linking a login through user data.
type UserLinks struct {
	mu    sync.Mutex
	links map[string]access.Link
}

// NewUserLinks returns links without any login linked.
func NewUserLinks() *UserLinks {
	return &UserLinks{links: map[string]access.Link{}}
}

// Set links a login, as staff do through user data.
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

// DeleteByLogin removes the login's link.
func (u *UserLinks) DeleteByLogin(_ context.Context, login string) error {
	u.mu.Lock()
	defer u.mu.Unlock()
	delete(u.links, login)
	return nil
}
