package addresses

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/addressbook"
)

// Export is the customer's whole address book as a CSV file the import
// reads back (addressbook.Write), ordered as the list.
func (s Service) Export(ctx context.Context, caller *access.Caller, customerID int64) ([]byte, error) {
	if err := forCustomer(caller, customerID); err != nil {
		return nil, err
	}
	entries, err := s.Entries.All(ctx, customerID)
	if err != nil {
		return nil, err
	}
	addresses := make([]addressbook.Address, len(entries))
	for i, e := range entries {
		addresses[i] = e.Address
	}
	return addressbook.Write(addresses), nil
}
