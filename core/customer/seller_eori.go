package customer

import (
	"strings"

	"parcelportal/core/failure"
)

// KeySellerEORI refuses a seller EORI that is not one: two letters of a
// country, then 1 to 15 letters or digits.
const KeySellerEORI = "error.customer.sellerEori"

// ErrSellerEORI is the failure of a malformed seller EORI.
var ErrSellerEORI = &failure.Error{Kind: failure.Invalid, Key: KeySellerEORI, Entity: Object}

// NormalizeSellerEORI upper-cases the EORI and drops its spaces.
func NormalizeSellerEORI(v string) string {
	return strings.ToUpper(strings.Join(strings.Fields(v), ""))
}

// CheckSellerEORI checks a normalized seller EORI's form.
func CheckSellerEORI(v string) error {
	if len(v) < 3 || len(v) > 17 {
		return ErrSellerEORI
	}
	for i, r := range v {
		letter := r >= 'A' && r <= 'Z'
		if (i < 2 && !letter) || (i >= 2 && !letter && !(r >= '0' && r <= '9')) {
			return ErrSellerEORI
		}
	}
	return nil
}

// SellerEORIChange decides whether actor may set the customer's seller
// EORI to v (normalized) from the invoice consent gate, and whether
// anything changes: anyone acting for the customer with a role of the
// customer form may enter a missing one; changing one already given is for
// admins (on the customer form, or here).
func SellerEORIChange(actor Actor, c Customer, v string) (changed bool, err error) {
	switch {
	case !actor.CanAct:
		return false, ErrNotFound
	case !actor.FormRole:
		return false, ErrFormRolesOnly
	}
	if err := CheckSellerEORI(v); err != nil {
		return false, err
	}
	if c.SellerEORI == v {
		return false, nil
	}
	if c.SellerEORI != "" && !actor.Admin {
		return false, ErrConsentLocked
	}
	return true, nil
}
