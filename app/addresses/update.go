package addresses

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/addressbook"
)

// Update replaces the address of one of the customer's entries.
func (s Service) Update(ctx context.Context, caller *access.Caller, customerID, id int64, a addressbook.Address) (addressbook.Entry, error) {
	if err := forCustomer(caller, customerID); err != nil {
		return addressbook.Entry{}, err
	}
	if _, err := s.visible(ctx, caller, customerID, id); err != nil {
		return addressbook.Entry{}, err
	}
	a, err := addressbook.Check(a)
	if err != nil {
		return addressbook.Entry{}, err
	}
	return s.Entries.Update(ctx, addressbook.Entry{ID: id, CustomerID: customerID, Address: a})
}
