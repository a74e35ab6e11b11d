package addressbook

import (
	"strconv"

	"parcelportal/core/failure"
	"parcelportal/core/shipment"
)

// Object names an entry in field violations.
const Object = "addressBookEntry"

// KeyNotEmpty is the key of a missing mandatory field (spec 2 section 5.6).
const KeyNotEmpty = "jakarta.validation.constraints.NotEmpty"

// mandatory are the fields every entry needs (spec 2 section 5.6).
var mandatory = []string{"name", "street", "postalcode", "city", "isoCountry"}

// maxLengths are the parcel's limits (core/shipment) for the fields a parcel
// has, which are every field but recipientNumber, a reference like the
// parcel's.
var maxLengths = func() map[string]int {
	m := map[string]int{"recipientNumber": shipment.MaxLength("referencenumber")}
	for _, f := range Fields {
		if n := shipment.MaxLength(f); n > 0 {
			m[f] = n
		}
	}
	return m
}()

// MaxLength is the longest value of field, in characters.
func MaxLength(field string) int { return maxLengths[field] }

// Violation is one field's fault: its key and the key's attributes.
type Violation struct {
	Field  string
	Key    string
	Params map[string]string
}

// Validate checks a normalized address: the mandatory fields, the lengths,
// and country, postal code, e-mail and phone numbers as a parcel's
// (core/shipment's rules and keys), at most one violation per field.
func Validate(a Address) []Violation {
	var out []Violation
	values := a.Values()
	bad := make(map[string]bool)
	add := func(field, key string, params ...string) {
		if bad[field] {
			return
		}
		bad[field] = true
		v := Violation{Field: field, Key: key}
		if len(params) > 0 {
			v.Params = map[string]string{params[0]: params[1]}
		}
		out = append(out, v)
	}
	for _, f := range mandatory {
		if values[fieldIndex[f]] == "" {
			add(f, KeyNotEmpty)
		}
	}
	for i, f := range Fields {
		if max := maxLengths[f]; max > 0 && len([]rune(values[i])) > max {
			add(f, shipment.KeyMaxLength, "max", strconv.Itoa(max))
		}
	}
	if a.IsoCountry != "" && !shipment.IsCountry(a.IsoCountry) {
		add("isoCountry", shipment.KeyCountry)
	}
	if a.Email != "" && !shipment.IsEmail(a.Email) {
		add("email", shipment.KeyEmail)
	}
	// The mobile and the phone are the parcel's (shipment.CheckPhone).
	for field, value := range map[string]string{"mobile": a.Mobile, shipment.PhoneField: a.Phone} {
		if v := shipment.CheckPhone(value); v != nil {
			add(field, v.Key, attributes(v)...)
		}
	}
	if a.PostalCode != "" && a.IsoCountry != "" && !bad["isoCountry"] && !shipment.PostalCodeFits(a.IsoCountry, a.PostalCode) {
		add("postalcode", shipment.KeyPostalCode, "country", a.IsoCountry)
	}
	// In the order of Fields, as a form shows them.
	sortByField(out)
	return out
}

// attributes are a shipment violation's attributes as add's pairs.
func attributes(v *shipment.Violation) []string {
	var out []string
	for k, x := range v.Attributes {
		out = append(out, k, x)
	}
	return out
}

func sortByField(vs []Violation) {
	for i := 1; i < len(vs); i++ {
		for j := i; j > 0 && fieldIndex[vs[j].Field] < fieldIndex[vs[j-1].Field]; j-- {
			vs[j], vs[j-1] = vs[j-1], vs[j]
		}
	}
}

// Check normalizes the address and refuses it with one field error per
// violated field (error.validation, each violation's key as the rule).
func Check(a Address) (Address, error) {
	a = a.Normalized()
	vs := Validate(a)
	if len(vs) == 0 {
		return a, nil
	}
	fields := make([]failure.FieldViolation, len(vs))
	for i, v := range vs {
		fields[i] = failure.FieldViolation{Object: Object, Field: v.Field, Rule: v.Key}
	}
	return a, failure.InvalidFields(fields...)
}
