package userdata

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/account"
	"parcelportal/core/failure"
	"parcelportal/core/organisation"
)

// Named is a link with the login's names and roles.
type Named struct {
	Link
	User account.User
}

// Mine returns the caller's link: staff without one get an empty link.
func (s Service) Mine(ctx context.Context, caller *access.Caller) (Named, error) {
	l, found, err := s.Store.ByLogin(ctx, caller.Login)
	if err != nil {
		return Named{}, err
	}
	if !found {
		l = Link{Login: caller.Login}
	}
	u, err := s.Users.FindByLogin(ctx, caller.Login)
	return Named{Link: l, User: u}, err
}

// List returns a page of links with the logins' names.
func (s Service) List(ctx context.Context, p Page) ([]Named, int, error) {
	links, total, err := s.Store.List(ctx, p)
	if err != nil {
		return nil, 0, err
	}
	users, err := s.Users.List(ctx)
	if err != nil {
		return nil, 0, err
	}
	byLogin := make(map[string]account.User, len(users))
	for _, u := range users {
		byLogin[u.Login] = u
	}
	out := make([]Named, len(links))
	for i, l := range links {
		out[i] = Named{Link: l, User: byLogin[l.Login]}
	}
	return out, total, nil
}

// Get returns one link with the login's names.
func (s Service) Get(ctx context.Context, id int64) (Named, error) {
	l, err := s.Store.Get(ctx, id)
	if err != nil {
		return Named{}, err
	}
	u, err := s.Users.FindByLogin(ctx, l.Login)
	return Named{Link: l, User: u}, err
}

// Create links an existing login; empty references are dropped.
func (s Service) Create(ctx context.Context, login string, customerID, fulfillmentID int64) (Named, error) {
	if login == "" {
		return Named{}, failure.InvalidFields(failure.FieldViolation{Object: "userData", Field: "user", Rule: account.RuleRequired})
	}
	u, err := s.Users.FindByLogin(ctx, login)
	if err != nil {
		return Named{}, err
	}
	l, err := s.Store.Create(ctx, u.Login, u.ID, dropEmpty(customerID), dropEmpty(fulfillmentID))
	return Named{Link: l, User: u}, err
}

// Update changes a link's customer and fulfillment.
func (s Service) Update(ctx context.Context, id, customerID, fulfillmentID int64) (Named, error) {
	l, err := s.Store.Update(ctx, id, dropEmpty(customerID), dropEmpty(fulfillmentID))
	if err != nil {
		return Named{}, err
	}
	u, err := s.Users.FindByLogin(ctx, l.Login)
	return Named{Link: l, User: u}, err
}

// Delete removes a link; the login stays.
func (s Service) Delete(ctx context.Context, id int64) error { return s.Store.Delete(ctx, id) }

func dropEmpty(id int64) int64 {
	if organisation.IsEmptyRef(id) {
		return 0
	}
	return id
}

// PendingRegistrations returns a page of the self-registrations waiting for
// a link, oldest first, so that none is forgotten.
func (s Service) PendingRegistrations(ctx context.Context, page, size int) ([]Request, int, error) {
	if size == 0 {
		size = 20
	}
	var violations []failure.FieldViolation
	if page < 0 {
		violations = append(violations, failure.FieldViolation{Object: "registrationRequest", Field: "page", Rule: account.RuleSize})
	}
	if size < 1 || size > 100 {
		violations = append(violations, failure.FieldViolation{Object: "registrationRequest", Field: "size", Rule: account.RuleSize})
	}
	if len(violations) > 0 {
		return nil, 0, failure.InvalidFields(violations...)
	}
	return s.Requests.Pending(ctx, page, size)
}
