package news

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/document"
)

// Create stores a new item last, with sanitized articles (admins).
func (s Service) Create(ctx context.Context, caller *access.Caller, n document.News) (document.News, error) {
	if err := access.Admins.Check(caller); err != nil {
		return document.News{}, err
	}
	if err := document.CheckNews(n); err != nil {
		return document.News{}, err
	}
	return s.Store.Create(ctx, s.clean(n))
}
