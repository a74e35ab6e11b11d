package news

import (
	"context"

	"parcelportal/core/document"
	"parcelportal/core/failure"
)

// KeyNotFound is the failure key of a missing news item.
const KeyNotFound = "error.news.notFound"

// List returns every item in order.
func (s Service) List(ctx context.Context) ([]document.News, error) { return s.Store.List(ctx) }

// ForLocale returns every item in order as the dashboard reads it in locale.
func (s Service) ForLocale(ctx context.Context, locale string) ([]document.Localized, error) {
	all, err := s.Store.List(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]document.Localized, len(all))
	for i, n := range all {
		out[i] = document.ForLocale(n, locale)
	}
	return out, nil
}

// Get returns one item.
func (s Service) Get(ctx context.Context, id int64) (document.News, error) {
	return s.Store.Get(ctx, id)
}

// Create stores a new item last, with sanitized articles.
func (s Service) Create(ctx context.Context, n document.News) (document.News, error) {
	if err := document.CheckNews(n); err != nil {
		return document.News{}, err
	}
	return s.Store.Create(ctx, s.clean(n))
}

// Update stores an item's texts, with sanitized articles.
func (s Service) Update(ctx context.Context, n document.News) (document.News, error) {
	if err := document.CheckNews(n); err != nil {
		return document.News{}, err
	}
	return s.Store.Update(ctx, s.clean(n))
}

// Delete removes an item.
func (s Service) Delete(ctx context.Context, id int64) error { return s.Store.Delete(ctx, id) }

// Move puts an item at position value (0-based) and renumbers the others.
func (s Service) Move(ctx context.Context, id int64, value int) error {
	found := false
	err := s.Store.Reorder(ctx, func(items []document.Placed) []document.Placed {
		for _, p := range items {
			found = found || p.ID == id
		}
		return document.Reorder(items, id, value)
	})
	if err == nil && !found {
		err = &failure.Error{Kind: failure.NotFound, Key: KeyNotFound, Entity: "news"}
	}
	return err
}

func (s Service) clean(n document.News) document.News {
	n.ArticleEn = s.Sanitizer.Sanitize(n.ArticleEn)
	n.ArticleDe = s.Sanitizer.Sanitize(n.ArticleDe)
	n.ArticleNl = s.Sanitizer.Sanitize(n.ArticleNl)
	return n
}
