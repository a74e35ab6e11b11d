package addresses

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/addressbook"
)

// Create stores a new entry in the customer's address book; an address
// the book holds already is refused (addressbook.ErrDuplicate).
func (s Service) Create(ctx context.Context, caller *access.Caller, customerID int64, a addressbook.Address) (addressbook.Entry, error) {
	if err := forCustomer(caller, customerID); err != nil {
		return addressbook.Entry{}, err
	}
	a, err := addressbook.Check(a)
	if err != nil {
		return addressbook.Entry{}, err
	}
	return s.Entries.Create(ctx, addressbook.Entry{CustomerID: customerID, Address: a})
}
