package document

import (
	"context"

	"parcelportal/core/document"
	"parcelportal/core/failure"
)

func errNotFound(entity document.Kind) error {
	return &failure.Error{Kind: failure.NotFound, Key: document.KeyNotFound, Entity: string(entity)}
}

// ListAcss lists the acss files without their CSV.
func (s Service) ListAcss(ctx context.Context) ([]document.Acss, error) { return s.Acsses.List(ctx) }

// GetAcss returns one acss file with its CSV.
func (s Service) GetAcss(ctx context.Context, id int64) (document.Acss, error) {
	return s.Acsses.Get(ctx, id)
}

// CreateAcss validates and stores a new acss file.
func (s Service) CreateAcss(ctx context.Context, a document.Acss) (document.Acss, error) {
	if err := document.ValidateAcss(a); err != nil {
		return document.Acss{}, err
	}
	if a.FileName == "" {
		a.FileName = "acss.csv"
	}
	return s.Acsses.Create(ctx, a)
}

// UpdateAcss changes an acss file; without a new CSV the stored one stays.
func (s Service) UpdateAcss(ctx context.Context, id int64, edited document.Acss) (document.Acss, error) {
	return s.Acsses.Update(ctx, id, func(stored document.Acss) (document.Acss, error) {
		next := stored
		next.Name, next.Description, next.Active, next.TenantID = edited.Name, edited.Description, edited.Active, edited.TenantID
		if len(edited.CSV) > 0 {
			next.CSV = edited.CSV
			if edited.FileName != "" {
				next.FileName = edited.FileName
			}
		}
		return next, document.ValidateAcss(next)
	})
}

// DeleteAcss deletes an acss file.
func (s Service) DeleteAcss(ctx context.Context, id int64) error { return s.Acsses.Delete(ctx, id) }
