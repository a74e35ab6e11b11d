package parcels

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/failure"
	"parcelportal/core/parcel"
)

// Label answers the parcel's label: a PDF, or ZPL text for a printer.
func (s Service) Label(ctx context.Context, caller *access.Caller, id int64) (File, error) {
	if _, err := s.visible(ctx, caller, id); err != nil {
		return File{}, err
	}
	f, err := s.Files.Label(ctx, id)
	if err != nil {
		return File{}, err
	}
	if f.Data == nil {
		return File{}, failure.New(failure.NotFound, parcel.KeyNoLabel)
	}
	return f, nil
}

// CustomsDeclaration answers the customs declaration the carrier made with
// the parcel's label.
func (s Service) CustomsDeclaration(ctx context.Context, caller *access.Caller, id int64) (File, error) {
	if _, err := s.visible(ctx, caller, id); err != nil {
		return File{}, err
	}
	f, err := s.Files.CustomsDoc(ctx, id)
	if err != nil {
		return File{}, err
	}
	if f.Data == nil {
		return File{}, failure.New(failure.NotFound, parcel.KeyNoCustomsDoc)
	}
	return f, nil
}
