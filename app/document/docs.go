package document

import (
	"context"

	"parcelportal/core/document"
)

// ListDocs lists a kind's documents without their bytes.
func (s Service) ListDocs(ctx context.Context, kind document.Kind) ([]document.Doc, error) {
	return s.Docs.List(ctx, kind)
}

// GetDoc returns one document with its bytes.
func (s Service) GetDoc(ctx context.Context, kind document.Kind, id int64) (document.Doc, error) {
	return s.Docs.Get(ctx, kind, id)
}

// ActiveDoc returns the kind's active document; a kind without one is a
// NotFound failure.
func (s Service) ActiveDoc(ctx context.Context, kind document.Kind) (document.Doc, error) {
	d, found, err := s.Docs.Active(ctx, kind)
	if err == nil && !found {
		err = errNotFound(kind)
	}
	return d, err
}

// CreateDoc validates and stores a new document.
func (s Service) CreateDoc(ctx context.Context, kind document.Kind, d document.Doc) (document.Doc, error) {
	if err := document.Validate(kind, d); err != nil {
		return document.Doc{}, err
	}
	if d.ContentType == "" {
		d.ContentType = "application/octet-stream"
	}
	return s.Docs.Create(ctx, kind, d)
}

// UpdateDoc changes a document's name, active flag and, when edited carries
// one, its file. The active flag of a product-codes document is locked.
func (s Service) UpdateDoc(ctx context.Context, kind document.Kind, id int64, edited document.Doc) (document.Doc, error) {
	return s.Docs.Update(ctx, kind, id, func(stored document.Doc) (document.Doc, error) {
		if err := document.CheckEdit(kind, stored, edited); err != nil {
			return document.Doc{}, err
		}
		next := stored
		next.Name, next.Active = edited.Name, edited.Active
		if len(edited.Document) > 0 {
			next.Document, next.ContentType, next.FileName = edited.Document, edited.ContentType, edited.FileName
			if next.ContentType == "" {
				next.ContentType = "application/octet-stream"
			}
		}
		return next, document.Validate(kind, next)
	})
}

// DeleteDoc deletes a document; the active product-codes document stays.
func (s Service) DeleteDoc(ctx context.Context, kind document.Kind, id int64) error {
	return s.Docs.Delete(ctx, kind, id, func(stored document.Doc) error { return document.CheckDelete(kind, stored) })
}
