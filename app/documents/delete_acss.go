package documents

import (
	"context"

	"parcelportal/core/access"
)

// DeleteAcss deletes an acss file (admins).
func (s Service) DeleteAcss(ctx context.Context, caller *access.Caller, id int64) error {
	if err := access.Admins.Check(caller); err != nil {
		return err
	}
	return s.Acsses.Delete(ctx, id)
}
