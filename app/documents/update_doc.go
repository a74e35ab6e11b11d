package documents

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/document"
	"parcelportal/core/filename"
)

// UpdateDoc changes a document's name, active flag and, when edited carries
// one, its file. The active flag of a product-codes document is locked.
// Admins only.
func (s Service) UpdateDoc(ctx context.Context, caller *access.Caller, kind document.Kind, id int64, edited document.Doc) (document.Doc, error) {
	if err := access.Admins.Check(caller); err != nil {
		return document.Doc{}, err
	}
	return s.Docs.Update(ctx, kind, id, func(stored document.Doc) (document.Doc, error) {
		if err := document.CheckEdit(kind, stored, edited); err != nil {
			return document.Doc{}, err
		}
		next := stored
		next.Name, next.Active = edited.Name, edited.Active
		if len(edited.Document) > 0 {
			next.Document, next.ContentType, next.FileName = edited.Document, edited.ContentType, filename.Clean(edited.FileName)
			if next.ContentType == "" {
				next.ContentType = "application/octet-stream"
			}
		}
		return next, document.Validate(kind, next)
	})
}
