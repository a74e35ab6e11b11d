package documents

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/document"
	"parcelportal/core/filename"
)

// UpdateAcss changes an acss file; without a new CSV the stored one stays (admins).
func (s Service) UpdateAcss(ctx context.Context, caller *access.Caller, id int64, edited document.Acss) (document.Acss, error) {
	if err := access.Admins.Check(caller); err != nil {
		return document.Acss{}, err
	}
	return s.Acsses.Update(ctx, id, func(stored document.Acss) (document.Acss, error) {
		next := stored
		next.Name, next.Description, next.Active, next.TenantID = edited.Name, edited.Description, edited.Active, edited.TenantID
		if len(edited.CSV) > 0 {
			next.CSV = edited.CSV
			if name := filename.Clean(edited.FileName); name != "" {
				next.FileName = name
			}
		}
		return next, document.ValidateAcss(next)
	})
}
