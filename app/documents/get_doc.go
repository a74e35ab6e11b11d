package documents

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/document"
)

// GetDoc returns one document with its bytes (admins).
func (s Service) GetDoc(ctx context.Context, caller *access.Caller, kind document.Kind, id int64) (document.Doc, error) {
	if err := access.Admins.Check(caller); err != nil {
		return document.Doc{}, err
	}
	return s.Docs.Get(ctx, kind, id)
}
