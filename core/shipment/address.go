package shipment

import (
	"regexp"
	"strings"
)

var (
	emailPattern = regexp.MustCompile(`^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$`)
	phonePattern = regexp.MustCompile(`^\+?[0-9][0-9 ()/-]{3,19}$`)
)

// address checks the receiver's country, postal code, e-mail and phone.
func (c *check) address() {
	if c.present("isoCountry") && !IsCountry(c.value("isoCountry")) {
		c.add("isoCountry", KeyCountry)
	}
	if c.present("email") && !emailPattern.MatchString(c.value("email")) {
		c.add("email", KeyEmail)
	}
	if c.present("mobile") && !phonePattern.MatchString(c.value("mobile")) {
		c.add("mobile", KeyPhone)
	}
	if c.present("postalcode") && c.present("isoCountry") {
		country := strings.ToUpper(c.value("isoCountry"))
		if !PostalCodeFits(country, c.value("postalcode")) {
			c.add("postalcode", KeyPostalCode, "country", country)
		}
	}
}
