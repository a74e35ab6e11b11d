package addresses

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/addressbook"
	"parcelportal/core/customer"
)

// forCustomer checks that the caller holds a shipping role, that a customer
// is chosen and that the caller acts for it; other customers do not exist
// for the caller.
func forCustomer(caller *access.Caller, customerID int64) error {
	if err := access.FormUsers.Check(caller); err != nil {
		return err
	}
	if customerID <= 0 {
		return addressbook.ErrChooseCustomer
	}
	if !caller.CanActFor(customerID) {
		return customer.ErrNotFound
	}
	return nil
}

// visible reads an entry of a customer the caller acts for (of customerID
// when it is set); any other entry does not exist for the caller.
func (s Service) visible(ctx context.Context, caller *access.Caller, customerID, id int64) (addressbook.Entry, error) {
	if err := access.FormUsers.Check(caller); err != nil {
		return addressbook.Entry{}, err
	}
	e, err := s.Entries.Get(ctx, id)
	if err != nil {
		return addressbook.Entry{}, err
	}
	if !caller.CanActFor(e.CustomerID) || customerID != 0 && e.CustomerID != customerID {
		return addressbook.Entry{}, addressbook.ErrNotFound
	}
	return e, nil
}
