package shipment

import "strings"

// countryCodes are the officially assigned ISO 3166-1 alpha-2 codes.
const countryCodes = "" +
	"AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ " +
	"BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ " +
	"CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ " +
	"DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR " +
	"GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY " +
	"HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP " +
	"KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY " +
	"MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ " +
	"NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA " +
	"RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ " +
	"TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ " +
	"VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW"

var countries = func() map[string]bool {
	m := make(map[string]bool, 249)
	for _, c := range strings.Fields(countryCodes) {
		m[c] = true
	}
	return m
}()

// IsCountry reports whether code is an ISO 3166-1 alpha-2 country code, in
// either case: people write "de" as often as "DE" and both mean Germany.
func IsCountry(code string) bool { return len(code) == 2 && countries[strings.ToUpper(code)] }

// postalCodes are the postal-code shapes of the countries the carrier's
// customers ship to most: '9' is a digit, 'A' a letter, anything else stands
// for itself. A code of another country only has to look like a postal code
// at all. They catch typing errors before the carrier refuses the parcel.
var postalCodes = map[string][]string{
	"AT": {"9999"},
	"AU": {"9999"},
	"BE": {"9999"},
	"BG": {"9999"},
	"CA": {"A9A 9A9", "A9A9A9"},
	"CH": {"9999"},
	"CZ": {"999 99", "99999"},
	"DE": {"99999"},
	"DK": {"9999"},
	"EE": {"99999"},
	"ES": {"99999"},
	"FI": {"99999"},
	"FR": {"99999"},
	"GB": {
		"A9 9AA", "A99 9AA", "AA9 9AA", "AA99 9AA", "A9A 9AA", "AA9A 9AA",
		"A99AA", "A999AA", "AA99AA", "AA999AA", "A9A9AA", "AA9A9AA",
	},
	"GR": {"999 99", "99999"},
	"HR": {"99999"},
	"HU": {"9999"},
	"IT": {"99999"},
	"JP": {"999-9999", "9999999"},
	"LI": {"9999"},
	"LT": {"99999", "LT-99999"},
	"LU": {"9999", "L-9999"},
	"LV": {"9999", "LV-9999"},
	"NL": {"9999 AA", "9999AA"},
	"NO": {"9999"},
	"PL": {"99-999"},
	"PT": {"9999-999"},
	"RO": {"999999"},
	"SE": {"999 99", "99999"},
	"SI": {"9999"},
	"SK": {"999 99", "99999"},
	"US": {"99999", "99999-9999"},
}

// PostalCodeFits reports whether code has the shape of a postal code of
// country (upper-case ISO code). Letters may be written in either case.
func PostalCodeFits(country, code string) bool {
	shapes, ok := postalCodes[country]
	if !ok {
		return looksLikePostalCode(code)
	}
	for _, s := range shapes {
		if hasShape(code, s) {
			return true
		}
	}
	return false
}

func hasShape(code, shape string) bool {
	if len(code) != len(shape) {
		return false
	}
	for i := 0; i < len(code); i++ {
		c := code[i]
		switch shape[i] {
		case '9':
			if c < '0' || c > '9' {
				return false
			}
		case 'A':
			if !isLetter(c) {
				return false
			}
		default:
			if upper(c) != shape[i] {
				return false
			}
		}
	}
	return true
}

// looksLikePostalCode: 2 to 10 letters, digits, spaces and hyphens, starting
// with a letter or digit.
func looksLikePostalCode(code string) bool {
	if len(code) < 2 || len(code) > 10 || code[0] == ' ' || code[0] == '-' {
		return false
	}
	for i := 0; i < len(code); i++ {
		if c := code[i]; !isLetter(c) && (c < '0' || c > '9') && c != ' ' && c != '-' {
			return false
		}
	}
	return true
}

func isLetter(c byte) bool { return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' }

func upper(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}
