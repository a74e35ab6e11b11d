package inquiry

import (
	"strings"

	"parcelportal/core/reference"
)

// productsOfCodes are the inquiry's products of the carrier's product codes.
var productsOfCodes = map[string]string{
	reference.ProductStandard: "EPAQ_STANDARD",
	reference.ProductPlus:     "EPAQ_PLUS",
	reference.ProductSelect:   "EPAQ_SELECT",
	reference.ProductElite:    "EPAQ_ELITE",
}

// ProductOfCode is the inquiry's product (one of Products) of a tracked
// parcel's carrier product code, in any case: e-PAQ Plus, Select and Elite
// are themselves, every other code (Standard, e-PAQ Go, an unknown or no
// code) reads as the default, e-PAQ Standard. The internal inquiry is
// prefilled with it (spec 3 section 7).
func ProductOfCode(code string) string {
	if p, ok := productsOfCodes[strings.ToUpper(strings.TrimSpace(code))]; ok {
		return p
	}
	return DefaultProduct
}
