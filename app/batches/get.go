package batches

import (
	"context"

	"parcelportal/core/access"
)

// Get returns a batch with its counts and the caller's actions.
func (s Service) Get(ctx context.Context, caller *access.Caller, id int64) (View, error) {
	b, err := s.visible(ctx, caller, id)
	if err != nil {
		return View{}, err
	}
	return viewOf(caller, b), nil
}
