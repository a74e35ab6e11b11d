package news

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/document"
)

// Update stores an item's texts, with sanitized articles (admins).
func (s Service) Update(ctx context.Context, caller *access.Caller, n document.News) (document.News, error) {
	if err := access.Admins.Check(caller); err != nil {
		return document.News{}, err
	}
	if err := document.CheckNews(n); err != nil {
		return document.News{}, err
	}
	return s.Store.Update(ctx, s.clean(n))
}
