package trackingsearch

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/tracking"
)

// Products are the products the tracking service knows, for the search
// form's product select.
func (s Service) Products(ctx context.Context, caller *access.Caller) ([]tracking.Product, error) {
	sc, err := s.scopeOf(ctx, caller)
	if err != nil {
		return nil, err
	}
	a := s.Staff
	if !sc.internal {
		a = sc.accounts[sc.order[0]]
	}
	return s.Tracking.Products(ctx, a)
}
