package documents

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/document"
)

// ListDocs lists a kind's documents without their bytes (admins).
func (s Service) ListDocs(ctx context.Context, caller *access.Caller, kind document.Kind) ([]document.Doc, error) {
	if err := access.Admins.Check(caller); err != nil {
		return nil, err
	}
	return s.Docs.List(ctx, kind)
}
