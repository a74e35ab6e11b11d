package parcels

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/parcel"
)

// AddressBook keeps a parcel's receiver in the customer's address book
// when the form asks (addAddressToAddressBook). The address book is its
// own area; when Service.AddressBook is nil the request is ignored. It is
// called after the parcel is stored: an error it answers is the create's.
type AddressBook interface {
	AddFromParcel(ctx context.Context, caller *access.Caller, customerID int64, f Form) error
}

// Create validates the form and stores a valid parcel for the customer;
// an invalid one is refused (parcel.KeyInvalid) and nothing is stored. A
// ROLE_API login makes an API parcel, the portal's form an individual one;
// the parcel is labelled through the customer's API client.
func (s Service) Create(ctx context.Context, caller *access.Caller, customerID int64, labelType string, f Form) (parcel.Parcel, error) {
	if err := forCustomer(caller, customerID); err != nil {
		return parcel.Parcel{}, err
	}
	c, rules, err := s.customerRules(ctx, customerID)
	if err != nil {
		return parcel.Parcel{}, err
	}
	lt, err := parcel.CheckLabelType(labelType, c.LabelType)
	if err != nil {
		return parcel.Parcel{}, err
	}
	v := f.validate(rules)
	if !v.Valid {
		return parcel.Parcel{}, parcel.ErrInvalid
	}
	p, err := s.Parcels.Create(ctx, parcel.Parcel{
		CustomerID: customerID, Source: parcel.SourceFor(caller), LabelType: lt, APIClient: c.APIClient,
		CreatedBy: caller.Login, Validated: v,
	})
	if err != nil {
		return parcel.Parcel{}, err
	}
	if f.AddToAddressBook && s.AddressBook != nil {
		if err := s.AddressBook.AddFromParcel(ctx, caller, customerID, f); err != nil {
			return p, err
		}
	}
	return p, nil
}
