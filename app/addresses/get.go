package addresses

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/addressbook"
)

// Get reads one entry of a customer the caller acts for: the detail page,
// the edit form, and the parcel form prefilled from the address book.
func (s Service) Get(ctx context.Context, caller *access.Caller, id int64) (addressbook.Entry, error) {
	return s.visible(ctx, caller, 0, id)
}
