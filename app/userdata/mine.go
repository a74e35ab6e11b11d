package userdata

import (
	"context"

	"parcelportal/core/access"
)

// Mine returns the caller's link, which every signed-in caller may read:
// staff without one get an empty link.
func (s Service) Mine(ctx context.Context, caller *access.Caller) (Named, error) {
	if err := access.SignedIn.Check(caller); err != nil {
		return Named{}, err
	}
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
