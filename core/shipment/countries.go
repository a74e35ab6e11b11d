package shipment

import (
	"regexp"
	"strings"
)

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
// customers ship to most; a code of another country only has to look like a
// postal code at all. They catch typing errors before the carrier refuses the
// parcel.
var postalCodes = map[string]*regexp.Regexp{
	"AT": regexp.MustCompile(`^\d{4}$`),
	"AU": regexp.MustCompile(`^\d{4}$`),
	"BE": regexp.MustCompile(`^\d{4}$`),
	"BG": regexp.MustCompile(`^\d{4}$`),
	"CA": regexp.MustCompile(`^[A-Z]\d[A-Z] ?\d[A-Z]\d$`),
	"CH": regexp.MustCompile(`^\d{4}$`),
	"CZ": regexp.MustCompile(`^\d{3} ?\d{2}$`),
	"DE": regexp.MustCompile(`^\d{5}$`),
	"DK": regexp.MustCompile(`^\d{4}$`),
	"EE": regexp.MustCompile(`^\d{5}$`),
	"ES": regexp.MustCompile(`^\d{5}$`),
	"FI": regexp.MustCompile(`^\d{5}$`),
	"FR": regexp.MustCompile(`^\d{5}$`),
	"GB": regexp.MustCompile(`^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$`),
	"GR": regexp.MustCompile(`^\d{3} ?\d{2}$`),
	"HR": regexp.MustCompile(`^\d{5}$`),
	"HU": regexp.MustCompile(`^\d{4}$`),
	"IT": regexp.MustCompile(`^\d{5}$`),
	"JP": regexp.MustCompile(`^\d{3}-?\d{4}$`),
	"LI": regexp.MustCompile(`^\d{4}$`),
	"LT": regexp.MustCompile(`^(LT-)?\d{5}$`),
	"LU": regexp.MustCompile(`^(L-)?\d{4}$`),
	"LV": regexp.MustCompile(`^(LV-)?\d{4}$`),
	"NL": regexp.MustCompile(`^\d{4} ?[A-Z]{2}$`),
	"NO": regexp.MustCompile(`^\d{4}$`),
	"PL": regexp.MustCompile(`^\d{2}-\d{3}$`),
	"PT": regexp.MustCompile(`^\d{4}-\d{3}$`),
	"RO": regexp.MustCompile(`^\d{6}$`),
	"SE": regexp.MustCompile(`^\d{3} ?\d{2}$`),
	"SI": regexp.MustCompile(`^\d{4}$`),
	"SK": regexp.MustCompile(`^\d{3} ?\d{2}$`),
	"US": regexp.MustCompile(`^\d{5}(-\d{4})?$`),
}

var anyPostalCode = regexp.MustCompile(`^[A-Z0-9][A-Z0-9 -]{1,9}$`)

// PostalCodeFits reports whether code has the shape of a postal code of
// country (upper-case ISO code). Letters may be written in either case.
func PostalCodeFits(country, code string) bool {
	code = strings.ToUpper(code)
	if p, ok := postalCodes[country]; ok {
		return p.MatchString(code)
	}
	return anyPostalCode.MatchString(code)
}
