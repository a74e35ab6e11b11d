package addresses

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/addressbook"
)

// List pages a customer's entries found by the search text (spec 2 section
// 2.5: the search box; 20 rows a page unless size says otherwise).
func (s Service) List(ctx context.Context, caller *access.Caller, customerID int64, search string, page, size int) ([]addressbook.Entry, int, error) {
	if err := forCustomer(caller, customerID); err != nil {
		return nil, 0, err
	}
	return s.Entries.List(ctx, addressbook.NewQuery(customerID, search, page, size))
}
