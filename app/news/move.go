package news

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/document"
	"parcelportal/core/failure"
)

// KeyNotFound is the failure key of a missing news item.
const KeyNotFound = "error.news.notFound"

// Move puts an item at position value (0-based) and renumbers the others
// (admins). The store reorders in one transaction; a missing id is told
// apart afterwards, since Reorder itself does not look for one.
func (s Service) Move(ctx context.Context, caller *access.Caller, id int64, value int) error {
	if err := access.Admins.Check(caller); err != nil {
		return err
	}
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
