package userdata

import (
	"context"

	"parcelportal/core/access"
)

// Delete removes a link; the login stays (staff).
func (s Service) Delete(ctx context.Context, caller *access.Caller, id int64) error {
	if err := access.Staff.Check(caller); err != nil {
		return err
	}
	return s.Store.Delete(ctx, id)
}
