package userdata

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/account"
)

// List returns a page of links with the logins' names (staff).
func (s Service) List(ctx context.Context, caller *access.Caller, p Page) ([]Named, int, error) {
	if err := access.Staff.Check(caller); err != nil {
		return nil, 0, err
	}
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
