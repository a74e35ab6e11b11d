package news

import (
	"context"

	"parcelportal/core/access"
)

// Delete removes an item and renumbers the others (admins).
func (s Service) Delete(ctx context.Context, caller *access.Caller, id int64) error {
	if err := access.Admins.Check(caller); err != nil {
		return err
	}
	return s.Store.Delete(ctx, id)
}
