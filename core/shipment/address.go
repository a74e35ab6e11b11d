package shipment

import (
	"strings"
	"unicode"
)

// address checks the receiver's country, postal code, e-mail and phone.
func (c *check) address() {
	if c.present(fIsoCountry) && !IsCountry(c.value(fIsoCountry)) {
		c.add(fIsoCountry, KeyCountry)
	}
	if c.present(fEmail) && !IsEmail(c.value(fEmail)) {
		c.add(fEmail, KeyEmail)
	}
	if c.present(fMobile) && !IsPhone(c.value(fMobile)) {
		c.add(fMobile, KeyPhone)
	}
	if c.present(fPostalcode) && c.present(fIsoCountry) {
		country := strings.ToUpper(c.value(fIsoCountry))
		if !PostalCodeFits(country, c.value(fPostalcode)) {
			c.add(fPostalcode, KeyPostalCode, "country", country)
		}
	}
}

// IsEmail reports whether s looks like an e-mail address: one '@' with a
// local part before it and a domain of at least two dot-separated labels
// after it, no spaces. Deliverability is the mail server's business.
func IsEmail(s string) bool {
	local, domain, ok := strings.Cut(s, "@")
	if !ok || local == "" || strings.ContainsRune(domain, '@') || strings.IndexFunc(s, unicode.IsSpace) >= 0 {
		return false
	}
	// At least two labels, none empty.
	return strings.IndexByte(domain, '.') > 0 && domain[len(domain)-1] != '.' && !strings.Contains(domain, "..")
}

// IsPhone reports whether s looks like a phone number: an optional '+', a
// digit or '(', then digits, spaces and ( ) / - separators; 4 to 20
// characters after the '+'.
func IsPhone(s string) bool {
	s = strings.TrimPrefix(s, "+")
	if len(s) < 4 || len(s) > 20 || (s[0] < '0' || s[0] > '9') && s[0] != '(' {
		return false
	}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9', c == ' ', c == '(', c == ')', c == '/', c == '-':
		default:
			return false
		}
	}
	return true
}
