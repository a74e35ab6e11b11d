package documents

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/document"
)

// GetAcss returns one acss file with its CSV (admins).
func (s Service) GetAcss(ctx context.Context, caller *access.Caller, id int64) (document.Acss, error) {
	if err := access.Admins.Check(caller); err != nil {
		return document.Acss{}, err
	}
	return s.Acsses.Get(ctx, id)
}
