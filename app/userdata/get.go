package userdata

import (
	"context"

	"parcelportal/core/access"
)

// Get returns one link with the login's names (staff).
func (s Service) Get(ctx context.Context, caller *access.Caller, id int64) (Named, error) {
	if err := access.Staff.Check(caller); err != nil {
		return Named{}, err
	}
	l, err := s.Store.Get(ctx, id)
	if err != nil {
		return Named{}, err
	}
	u, err := s.Users.FindByLogin(ctx, l.Login)
	return Named{Link: l, User: u}, err
}
