package news

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/document"
)

// ForLocale returns every item in order as the dashboard reads it in locale:
// every signed-in caller sees the news.
func (s Service) ForLocale(ctx context.Context, caller *access.Caller, locale string) ([]document.Localized, error) {
	if err := access.SignedIn.Check(caller); err != nil {
		return nil, err
	}
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
