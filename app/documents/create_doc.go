package documents

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/document"
	"parcelportal/core/filename"
)

// CreateDoc validates and stores a new document (admins).
func (s Service) CreateDoc(ctx context.Context, caller *access.Caller, kind document.Kind, d document.Doc) (document.Doc, error) {
	if err := access.Admins.Check(caller); err != nil {
		return document.Doc{}, err
	}
	d.FileName = filename.Clean(d.FileName)
	if err := document.Validate(kind, d); err != nil {
		return document.Doc{}, err
	}
	if d.ContentType == "" {
		d.ContentType = "application/octet-stream"
	}
	return s.Docs.Create(ctx, kind, d)
}
