package news

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/document"
)

// Get returns one item with the texts of every locale, for the admins' form.
func (s Service) Get(ctx context.Context, caller *access.Caller, id int64) (document.News, error) {
	if err := access.Admins.Check(caller); err != nil {
		return document.News{}, err
	}
	return s.Store.Get(ctx, id)
}
