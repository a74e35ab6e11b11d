package customers

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/customer"
	"parcelportal/core/failure"
)

// SellerEORI is one customer's seller EORI as the invoice gate's dialog sends it.
type SellerEORI struct {
	CustomerID int64
	EORI       string
}

// MaxSellerEORIs bounds one call: the customers of one invoice.
const MaxSellerEORIs = 100

// SetSellerEORIs enters the seller EORIs the invoice consent gate asks for
// (spec 2 section 4.6, POST web/api/customers/seller-eori). Every entry is
// checked before any is stored, so a refused call changes nothing.
func (s Service) SetSellerEORIs(ctx context.Context, caller *access.Caller, entries []SellerEORI) error {
	if len(entries) == 0 || len(entries) > MaxSellerEORIs {
		return failure.New(failure.Invalid, customer.KeySellerEORI)
	}
	for i, e := range entries {
		entries[i].EORI = customer.NormalizeSellerEORI(e.EORI)
		c, err := s.visible(ctx, caller, e.CustomerID)
		if err != nil {
			return err
		}
		if _, err := customer.SellerEORIChange(actor(caller, e.CustomerID), c, entries[i].EORI); err != nil {
			return err
		}
	}
	for _, e := range entries {
		_, err := s.Store.Update(ctx, e.CustomerID, func(c *customer.Customer) error {
			changed, err := customer.SellerEORIChange(actor(caller, e.CustomerID), *c, e.EORI)
			if err == nil && changed {
				c.SellerEORI = e.EORI
			}
			return err
		})
		if err != nil {
			return err
		}
	}
	return nil
}
