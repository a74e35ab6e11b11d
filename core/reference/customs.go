package reference

import (
	"slices"
	"strings"
)

// PostalRange is an inclusive range of postal codes in one country.
type PostalRange struct {
	CountryCode string
	From        string
	To          string
}

// Contains reports whether postalCode of country lies in the range. Codes are
// compared as text of the range's length, so "35001" is inside 35000–35999
// while "3500" and "350011" are not.
func (r PostalRange) Contains(country, postalCode string) bool {
	code := strings.ReplaceAll(strings.TrimSpace(postalCode), " ", "")
	if !strings.EqualFold(country, r.CountryCode) || len(code) != len(r.From) {
		return false
	}
	return r.From <= code && code <= r.To
}

// IsInsideCustomsUnion reports whether a parcel to this destination needs no
// customs declaration: the country is tax-free and the postal code is not in
// one of the excluded territories (the Canary Islands belong to Spain but not
// to the customs union). It decides the EU or non-EU declaration statement of
// commercial invoices and whether order lines are mandatory.
func (c Catalog) IsInsideCustomsUnion(country, postalCode string) bool {
	country = strings.ToUpper(strings.TrimSpace(country))
	if !slices.Contains(c.TaxFreeCountries, country) {
		return false
	}
	for _, r := range c.CanaryIslandsPostalRanges {
		if r.Contains(country, postalCode) {
			return false
		}
	}
	return true
}
