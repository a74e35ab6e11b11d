package documents

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/document"
)

// DeleteDoc deletes a document; the active product-codes document stays (admins).
func (s Service) DeleteDoc(ctx context.Context, caller *access.Caller, kind document.Kind, id int64) error {
	if err := access.Admins.Check(caller); err != nil {
		return err
	}
	return s.Docs.Delete(ctx, kind, id, func(stored document.Doc) error { return document.CheckDelete(kind, stored) })
}
