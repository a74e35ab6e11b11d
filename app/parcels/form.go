package parcels

import (
	"parcelportal/core/parcel"
	"parcelportal/core/shipment"
)

// Form is the parcel form (spec 2 section 3, parcel form fields): the CSV
// shipment fields and order lines as text, the phone a CSV row has not,
// and whether the receiver goes to the address book.
type Form struct {
	Draft shipment.Draft
	Phone string
	// AddToAddressBook asks to keep the receiver in the customer's address
	// book on create (the address book's use case; see AddressBook).
	AddToAddressBook bool
}

// validate checks the form with the customer's rules.
func (f Form) validate(r shipment.Rules) shipment.Validated {
	return parcel.Validate(f.Draft, f.Phone, r)
}
