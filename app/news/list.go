package news

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/document"
)

// List returns every item in order, for the admins who maintain them.
func (s Service) List(ctx context.Context, caller *access.Caller) ([]document.News, error) {
	if err := access.Admins.Check(caller); err != nil {
		return nil, err
	}
	return s.Store.List(ctx)
}
