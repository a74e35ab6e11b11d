package documents

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/document"
)

// ListAcss lists the acss files without their CSV (admins).
func (s Service) ListAcss(ctx context.Context, caller *access.Caller) ([]document.Acss, error) {
	if err := access.Admins.Check(caller); err != nil {
		return nil, err
	}
	return s.Acsses.List(ctx)
}
