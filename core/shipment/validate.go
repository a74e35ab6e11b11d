package shipment

import (
	"strconv"
	"strings"
)

// Validate checks every field of a draft against the rules and returns the
// values, trimmed, with their violations. It never fails: a broken row is
// still a row the grid shows, red where it is wrong, so the person can fix
// it in place. The draft is valid when no field and no order line has a
// violation.
func Validate(d Draft, r Rules) Validated {
	c := newCheck(d, r)
	c.mandatoryFields()
	c.lengths()
	c.address()
	c.numbers()
	c.codes()
	c.customs()
	c.orderLines()
	c.invoice()
	return c.result()
}

// check is one validation in progress: the values and the violations found so far.
type check struct {
	rules  Rules
	fields map[string]Value
	lines  []map[string]Value
	// customsNeeded: the destination needs a customs declaration.
	customsNeeded bool
	// placeholderLine: lines holds only the empty line that marks missing order lines.
	placeholderLine bool
}

func newCheck(d Draft, r Rules) *check {
	c := &check{rules: r, fields: make(map[string]Value, len(Fields)+len(InvoiceFields))}
	for _, name := range Fields {
		c.fields[name] = Value{Value: strings.TrimSpace(d.Fields[name])}
	}
	if hasInvoiceColumns(d) {
		for _, name := range InvoiceFields {
			c.fields[name] = Value{Value: strings.TrimSpace(d.Fields[name])}
		}
	}
	for _, line := range d.OrderLines {
		l := make(map[string]Value, len(OrderLineFields))
		empty := true
		for _, name := range OrderLineFields {
			v := strings.TrimSpace(line[name])
			empty = empty && v == ""
			l[name] = Value{Value: v}
		}
		// A line without any value is no line: CSV rows leave the column
		// groups they do not need empty.
		if !empty {
			c.lines = append(c.lines, l)
		}
	}
	return c
}

// hasInvoiceColumns reports whether the draft names any invoice field, even
// with an empty value: a file with invoice columns keeps them in every row.
func hasInvoiceColumns(d Draft) bool {
	for _, name := range InvoiceFields {
		if _, ok := d.Fields[name]; ok {
			return true
		}
	}
	return false
}

func (c *check) value(field string) string { return c.fields[field].Value }

// violated reports whether the field already has a violation; later rules
// skip such fields, so each cell names its first problem, not a cascade.
func (c *check) violated(field string) bool { return len(c.fields[field].Violations) > 0 }

func (c *check) add(field, key string, attrs ...string) {
	v := c.fields[field]
	v.Violations = append(v.Violations, violation(key, attrs))
	c.fields[field] = v
}

func (c *check) addLine(i int, field, key string, attrs ...string) {
	v := c.lines[i][field]
	v.Violations = append(v.Violations, violation(key, attrs))
	c.lines[i][field] = v
}

func violation(key string, attrs []string) Violation {
	v := Violation{Key: key}
	if len(attrs) > 0 {
		v.Attributes = make(map[string]string, len(attrs)/2)
		for i := 0; i+1 < len(attrs); i += 2 {
			v.Attributes[attrs[i]] = attrs[i+1]
		}
	}
	return v
}

// present reports whether the field has a value and no violation yet: the
// fields the format rules look at.
func (c *check) present(field string) bool { return c.value(field) != "" && !c.violated(field) }

func (c *check) mandatoryFields() {
	for _, name := range mandatory {
		if c.value(name) == "" {
			c.add(name, KeyMandatory)
		}
	}
}

func (c *check) lengths() {
	for name, v := range c.fields {
		if max := maxLengths[name]; max > 0 && len([]rune(v.Value)) > max {
			c.add(name, KeyMaxLength, "max", strconv.Itoa(max))
		}
	}
	for i, line := range c.lines {
		for name, v := range line {
			if max := orderLineMaxLengths[name]; max > 0 && len([]rune(v.Value)) > max {
				c.addLine(i, name, KeyMaxLength, "max", strconv.Itoa(max))
			}
		}
	}
}

func (c *check) numbers() {
	c.positiveNumber("weight", MaxWeightKG)
	c.amount("shippingCost")
}

// positiveNumber checks a number greater than 0 and at most max.
func (c *check) positiveNumber(field string, max float64) {
	if !c.present(field) {
		return
	}
	if key, attrs := positive(c.value(field), max); key != "" {
		c.add(field, key, attrs...)
	}
}

// amount checks an optional money amount: a number, not negative.
func (c *check) amount(field string) {
	if !c.present(field) {
		return
	}
	if key := notNegative(c.value(field)); key != "" {
		c.add(field, key)
	}
}

func positive(s string, max float64) (string, []string) {
	n, ok := parseNumber(s)
	switch {
	case !ok:
		return KeyNumber, nil
	case n <= 0:
		return KeyPositive, nil
	case max > 0 && n > max:
		return KeyMax, []string{"max", strconv.FormatFloat(max, 'f', -1, 64)}
	}
	return "", nil
}

func notNegative(s string) string {
	n, ok := parseNumber(s)
	switch {
	case !ok:
		return KeyNumber
	case n < 0:
		return KeyNotNegative
	}
	return ""
}

func (c *check) result() Validated {
	out := Validated{Fields: c.fields, OrderLines: c.lines, Valid: true}
	for _, v := range c.fields {
		if len(v.Violations) > 0 {
			out.Valid = false
		}
	}
	for _, line := range c.lines {
		for _, v := range line {
			if len(v.Violations) > 0 {
				out.Valid = false
			}
		}
	}
	return out
}
