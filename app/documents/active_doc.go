package documents

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/document"
	"parcelportal/core/failure"
)

// ActiveDoc returns the kind's active document, which every signed-in
// caller reads on the shipping screens; a kind without one is a NotFound
// failure.
func (s Service) ActiveDoc(ctx context.Context, caller *access.Caller, kind document.Kind) (document.Doc, error) {
	if err := access.SignedIn.Check(caller); err != nil {
		return document.Doc{}, err
	}
	d, found, err := s.Docs.Active(ctx, kind)
	if err == nil && !found {
		err = errNotFound(kind)
	}
	return d, err
}

// errNotFound is the failure of a kind without an active document.
func errNotFound(entity document.Kind) error {
	return &failure.Error{Kind: failure.NotFound, Key: document.KeyNotFound, Entity: string(entity)}
}
