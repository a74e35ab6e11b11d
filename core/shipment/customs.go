package shipment

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// orderLineMandatory are the order-line fields every line needs; customs
// adds the tariff number and the country of origin.
var (
	orderLineMandatory       = []lineField{lDescription, lQuantity, lWeight, lValue}
	orderLineCustomsOnly     = []lineField{lHstarifnumber, lOrigincountry}
	orderLineCustomsRequired = append(slices.Clone(orderLineMandatory), orderLineCustomsOnly...)
)

var (
	eoriPattern = regexp.MustCompile(`^[A-Z]{2}[A-Z0-9]{1,15}$`)
	urlPattern  = regexp.MustCompile(`^https?://[^\s/?#]+\.[^\s/?#]+([/?#]\S*)?$`)
)

// NeedsCustoms reports whether a parcel to country and postalCode, received
// at a hub in hubCountry, needs a customs declaration: the destination lies
// outside the customs union (the Canary Islands count as outside), unless it
// is domestic for a hub that is itself outside.
func (r Rules) NeedsCustoms(country, postalCode string) bool {
	if r.Catalog.IsInsideCustomsUnion(country, postalCode) {
		return false
	}
	hubInside := slices.Contains(r.Catalog.TaxFreeCountries, strings.ToUpper(r.HubCountry))
	return !(r.HubCountry != "" && !hubInside && strings.EqualFold(country, r.HubCountry))
}

// customs checks what a declaration needs when the destination is outside
// the customs union: content, currency and at least one order line. Without
// order lines the row gets one empty line whose required cells say
// 'mandatory order line', so the grid shows where to type.
func (c *check) customs() {
	if c.present(fCurrency) && !IsCurrency(c.value(fCurrency)) {
		c.add(fCurrency, KeyCurrency)
	}
	for _, f := range []field{fSellerEORI, fSenderEORI} {
		if c.present(f) && !eoriPattern.MatchString(strings.ToUpper(c.value(f))) {
			c.add(f, KeyEORI)
		}
	}
	if !c.present(fIsoCountry) {
		return
	}
	c.customsNeeded = c.rules.NeedsCustoms(c.value(fIsoCountry), c.value(fPostalcode))
	c.sellerEORI()
	if !c.customsNeeded {
		return
	}
	for _, f := range []field{fContent, fCurrency} {
		if c.value(f) == "" {
			c.add(f, KeyMandatory)
		}
	}
	if len(c.lines) == 0 {
		var line orderLine
		for _, f := range orderLineCustomsRequired {
			line[f].Violations = []Violation{{Key: KeyMandatoryOrderLine}}
		}
		c.lines = append(c.lines, line)
		c.placeholderLine = true
	}
}

// sellerEORI: the customer's thresholds name destinations where a shipment
// worth more than the threshold needs the seller's EORI, on the row or on
// the customer.
func (c *check) sellerEORI() {
	country := strings.ToUpper(c.value(fIsoCountry))
	for _, t := range c.rules.EORIThresholds {
		if !strings.EqualFold(t.Destination, country) {
			continue
		}
		if c.value(fSellerEORI) == "" && c.rules.SellerEORI == "" && c.shipmentValue() > t.EORIThreshold {
			c.add(fSellerEORI, KeyEORIRequired, "threshold", strconv.FormatFloat(t.EORIThreshold, 'f', -1, 64), "country", country)
		}
		return
	}
}

// shipmentValue is the sum of quantity times value over the order lines
// that state both as numbers.
func (c *check) shipmentValue() float64 {
	total := 0.0
	for _, l := range c.lines {
		q, okQ := parseInteger(l[lQuantity].Value)
		v, okV := parseNumber(l[lValue].Value)
		if okQ && okV {
			total += float64(q) * v
		}
	}
	return total
}

// orderLines checks every order line: the required cells, whole positive
// quantities, weights and values, tariff numbers, countries of origin and
// article addresses.
func (c *check) orderLines() {
	if c.placeholderLine {
		return
	}
	required := orderLineMandatory
	if c.customsNeeded {
		required = orderLineCustomsRequired
	}
	for i := range c.lines {
		for _, f := range required {
			if c.lines[i][f].Value == "" {
				c.addLine(i, f, KeyMandatory)
			}
		}
		l := &c.lines[i]
		if c.linePresent(i, lQuantity) {
			if n, isInt := parseInteger(l[lQuantity].Value); !isInt {
				c.addLine(i, lQuantity, KeyInteger)
			} else if n <= 0 {
				c.addLine(i, lQuantity, KeyPositive)
			}
		}
		if c.linePresent(i, lWeight) {
			if key, attrs := positive(l[lWeight].Value, MaxWeightKG); key != "" {
				c.addLine(i, lWeight, key, attrs...)
			}
		}
		if c.linePresent(i, lValue) {
			if key, attrs := positive(l[lValue].Value, 0); key != "" {
				c.addLine(i, lValue, key, attrs...)
			}
		}
		if c.linePresent(i, lHstarifnumber) && !isTariffNumber(l[lHstarifnumber].Value) {
			c.addLine(i, lHstarifnumber, KeyHSCode)
		}
		if c.linePresent(i, lOrigincountry) && !IsCountry(l[lOrigincountry].Value) {
			c.addLine(i, lOrigincountry, KeyCountry)
		}
		if c.linePresent(i, lArticleURL) && !urlPattern.MatchString(l[lArticleURL].Value) {
			c.addLine(i, lArticleURL, KeyURL)
		}
	}
}

// isTariffNumber: 6 to 10 digits of the harmonized system, written with or
// without the dots and spaces that customs documents group them with.
func isTariffNumber(s string) bool {
	digits := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			digits++
		case (c == '.' || c == ' ') && i > 0 && i < len(s)-1:
		default:
			return false
		}
	}
	return digits >= 6 && digits <= 10
}
