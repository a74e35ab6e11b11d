package shipment

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// PhoneField is the receiver's phone of the parcel form (spec 2 section 3,
// parcel form fields) and of an address-book entry: a second number beside
// the mobile, which a CSV row has no column for. It is a number like the
// mobile and follows the mobile's rules (CheckPhone), wherever it is
// entered, so an address-book entry always makes a valid parcel and a
// parcel's receiver always a valid entry.
const PhoneField = "phone"

// CheckPhone checks a phone number other than a CSV row's mobile (the form's
// and the address book's phone) by the mobile's rules, which are the only
// ones: trimmed, at most MaxLength("mobile") characters, then IsPhone. An
// empty value is fine; the answer is nil or the first violation.
func CheckPhone(s string) *Violation {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil
	}
	if max := MaxLength("mobile"); utf8.RuneCountInString(s) > max {
		return &Violation{Key: KeyMaxLength, Attributes: map[string]string{"max": strconv.Itoa(max)}}
	}
	if !IsPhone(s) {
		return &Violation{Key: KeyPhone}
	}
	return nil
}
