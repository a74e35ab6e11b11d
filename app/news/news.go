// Package news holds the use cases of the multilingual news (spec 3).
package news

import (
	"context"

	"parcelportal/core/document"
)

// Store keeps the news.
type Store interface {
	// List returns every item sorted by order, then id.
	List(ctx context.Context) ([]document.News, error)
	// Get of a missing id is a NotFound failure.
	Get(ctx context.Context, id int64) (document.News, error)
	// Create stores a new item after the others (order = count), setting
	// ID, CreatedAt and Order.
	Create(ctx context.Context, n document.News) (document.News, error)
	// Update stores the texts of an item; ID, CreatedAt and Order stay.
	// A missing id is NotFound.
	Update(ctx context.Context, n document.News) (document.News, error)
	// Delete removes an item and renumbers the others densely; a missing
	// id is NotFound.
	Delete(ctx context.Context, id int64) error
	// Reorder reads every item's placement, passes them to place and
	// stores the orders it returns, in one transaction.
	Reorder(ctx context.Context, place func([]document.Placed) []document.Placed) error
}

// Sanitizer cleans HTML written by staff before it is stored and shown:
// an allow-list of formatting tags and attributes survives; scripts,
// event handlers, styles and javascript: URLs do not.
type Sanitizer interface {
	Sanitize(html string) string
}

// Service holds the news use cases.
type Service struct {
	Store     Store
	Sanitizer Sanitizer
}

// clean sanitizes the articles of every locale before they are stored.
func (s Service) clean(n document.News) document.News {
	n.ArticleEn = s.Sanitizer.Sanitize(n.ArticleEn)
	n.ArticleDe = s.Sanitizer.Sanitize(n.ArticleDe)
	n.ArticleNl = s.Sanitizer.Sanitize(n.ArticleNl)
	return n
}
