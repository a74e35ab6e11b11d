package manifest

import (
	"slices"
	"strings"
	"unicode/utf8"

	"parcelportal/core/failure"
)

// The manifest types (spec 2 section 4.8): the default set, MB Plus, and
// the carrier-bound type the default routing options use.
const (
	TypeToCarrier     = DefaultType
	TypeMBPlus        = "MANIFEST_MB_PLUS"
	TypeCarrierDirect = "MANIFEST_CARRIER_DIRECT"
)

// Types lists the manifest types a routing option may name, in the order
// the manifest-type select offers them.
var Types = []string{TypeToCarrier, TypeMBPlus, TypeCarrierDirect}

// Countries are the 23 manifest-carrier countries (spec 3 section 3): the
// destinations a default routing option exists for, in alphabetical order.
var Countries = []string{
	"AT", "BE", "BG", "CH", "CZ", "DK", "EE", "ES", "FI", "FR", "GB", "GR",
	"HR", "HU", "IE", "IT", "LT", "LU", "LV", "NL", "PL", "PT", "SE",
}

// RoutingObject names a routing option in failures and field errors.
const RoutingObject = "routingOption"

// MaxCarrier is the longest carrier name a routing option keeps.
const MaxCarrier = 50

// KeyUnknownCountry: the country is not one of the manifest-carrier
// countries (attribute country).
const KeyUnknownCountry = "error.routingOption.unknownCountry"

// RoutingOption is the default manifesting rule of one destination
// country: the manifest type and carrier its parcels are manifested with
// when their customer has no rule of its own for them.
type RoutingOption struct {
	Country      string
	ManifestType string
	Carrier      string
	// UpdatedBy is the login that last changed it (empty when seeded).
	UpdatedBy string
}

// Defaults are the routing options by destination country.
type Defaults map[string]RoutingOption

// DefaultsOf indexes options by their country.
func DefaultsOf(options []RoutingOption) Defaults {
	d := make(Defaults, len(options))
	for _, o := range options {
		d[strings.ToUpper(o.Country)] = o
	}
	return d
}

// CheckRoutingOption normalises an edited routing option (country upper
// case, carrier trimmed) and checks it: the country must be a
// manifest-carrier country (else not found), the manifest type one of
// Types and the carrier 1 to MaxCarrier characters (field errors).
func CheckRoutingOption(o RoutingOption) (RoutingOption, error) {
	o.Country = strings.ToUpper(strings.TrimSpace(o.Country))
	o.Carrier = strings.TrimSpace(o.Carrier)
	if !slices.Contains(Countries, o.Country) {
		e := failure.New(failure.NotFound, KeyUnknownCountry, "country", o.Country)
		e.Entity = RoutingObject
		return o, e
	}
	var v []failure.FieldViolation
	if !slices.Contains(Types, o.ManifestType) {
		v = append(v, failure.FieldViolation{Object: RoutingObject, Field: "manifestType", Rule: "pattern"})
	}
	switch n := utf8.RuneCountInString(o.Carrier); {
	case n == 0:
		v = append(v, failure.FieldViolation{Object: RoutingObject, Field: "carrier", Rule: "required"})
	case n > MaxCarrier:
		v = append(v, failure.FieldViolation{Object: RoutingObject, Field: "carrier", Rule: "Size"})
	}
	if len(v) > 0 {
		return o, failure.InvalidFields(v...)
	}
	return o, nil
}
