package documents

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/document"
	"parcelportal/core/filename"
)

// CreateAcss validates and stores a new acss file (admins).
func (s Service) CreateAcss(ctx context.Context, caller *access.Caller, a document.Acss) (document.Acss, error) {
	if err := access.Admins.Check(caller); err != nil {
		return document.Acss{}, err
	}
	a.FileName = filename.Clean(a.FileName)
	if err := document.ValidateAcss(a); err != nil {
		return document.Acss{}, err
	}
	if a.FileName == "" {
		a.FileName = "acss.csv"
	}
	return s.Acsses.Create(ctx, a)
}
