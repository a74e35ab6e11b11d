package addresses

import (
	"context"
	"parcelportal/core/failure"

	"parcelportal/core/access"
	"parcelportal/core/addressbook"
)

// AddFromParcel stores a parcel's recipient in the customer's address book
// when the parcel form's addAddressToAddressBook is ticked (spec 2 section
// 2.3). A recipient the book holds already is no error: nothing is stored
// and added is false. The parcel create calls it after storing the parcel,
// with the parcel's fields (name, contact, street, no, street2, street3,
// postalcode, city, region, isoCountry, email, mobile, phone); an address
// the book's rules refuse is a field failure like Create's, and the caller
// decides whether the parcel still counts as made.
func (s Service) AddFromParcel(ctx context.Context, caller *access.Caller, customerID int64, recipient addressbook.Address) (entry addressbook.Entry, added bool, err error) {
	entry, err = s.Create(ctx, caller, customerID, recipient)
	if failure.HasKey(err, addressbook.KeyDuplicate) {
		return addressbook.Entry{}, false, nil
	}
	if err != nil {
		return addressbook.Entry{}, false, err
	}
	return entry, true, nil
}
