package shipment

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Validate checks every field of a draft against the rules and returns the
// values, trimmed, with their violations. It never fails: a broken row is
// still a row the grid shows, red where it is wrong, so the person can fix
// it in place. The draft is valid when no field and no order line has a
// violation. Each cell names its first problem only: a rule skips a field
// that an earlier rule already marked.
func Validate(d Draft, r Rules) Validated {
	var c check
	c.start(d, r)
	c.mandatoryFields()
	c.lengths()
	c.address()
	c.numbers()
	c.codes()
	c.customs()
	c.orderLines()
	c.invoiceColumns()
	return c.result()
}

// orderLine is one order line's cells, indexed by lineField.
type orderLine [lineFieldCount]Value

// check is one validation in progress: the values and the violations found so far.
type check struct {
	rules  Rules
	fields [fieldCount]Value
	// invoice: the draft has invoice columns (even empty ones); a file with
	// invoice columns keeps them in every row.
	invoice bool
	lines   []orderLine
	// customsNeeded: the destination needs a customs declaration.
	customsNeeded bool
	// placeholderLine: lines holds only the empty line that marks missing order lines.
	placeholderLine bool
}

// start fills the check with the draft's trimmed values.
func (c *check) start(d Draft, r Rules) {
	c.rules = r
	found := 0
	for f := range fInvoiceNumber {
		if v, ok := d.Fields[allFields[f]]; ok {
			c.fields[f].Value = strings.TrimSpace(v)
			found++
		}
	}
	// Only a draft with more names than shipment fields can have invoice columns.
	if found < len(d.Fields) {
		for f := fInvoiceNumber; f < fieldCount; f++ {
			if v, ok := d.Fields[allFields[f]]; ok {
				c.fields[f].Value = strings.TrimSpace(v)
				c.invoice = true
			}
		}
	}
	if len(d.OrderLines) > 0 {
		c.lines = make([]orderLine, 0, len(d.OrderLines))
	}
	for _, line := range d.OrderLines {
		var l orderLine
		empty := true
		for name, v := range line {
			if f, ok := lineFieldIndex[name]; ok {
				l[f].Value = strings.TrimSpace(v)
				empty = empty && l[f].Value == ""
			}
		}
		// A line without any value is no line: CSV rows leave the column
		// groups they do not need empty.
		if !empty {
			c.lines = append(c.lines, l)
		}
	}
}

func (c *check) value(f field) string { return c.fields[f].Value }

// violated reports whether the field already has a violation.
func (c *check) violated(f field) bool { return len(c.fields[f].Violations) > 0 }

// present reports whether the field has a value and no violation yet: the
// fields the format rules look at.
func (c *check) present(f field) bool {
	v := &c.fields[f]
	return v.Value != "" && len(v.Violations) == 0
}

func (c *check) add(f field, key string, attrs ...string) {
	c.fields[f].Violations = append(c.fields[f].Violations, violation(key, attrs))
}

func (c *check) addLine(i int, f lineField, key string, attrs ...string) {
	c.lines[i][f].Violations = append(c.lines[i][f].Violations, violation(key, attrs))
}

// linePresent is present for a cell of order line i.
func (c *check) linePresent(i int, f lineField) bool {
	v := &c.lines[i][f]
	return v.Value != "" && len(v.Violations) == 0
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

func (c *check) mandatoryFields() {
	for _, f := range mandatory {
		if c.value(f) == "" {
			c.add(f, KeyMandatory)
		}
	}
}

func (c *check) lengths() {
	for f := range fieldCount {
		if max := maxLen[f]; max > 0 && len(c.fields[f].Value) > max && utf8.RuneCountInString(c.fields[f].Value) > max {
			c.add(f, KeyMaxLength, "max", strconv.Itoa(max))
		}
	}
	for i := range c.lines {
		for f := range lineFieldCount {
			if max := lineMaxLen[f]; max > 0 && len(c.lines[i][f].Value) > max && utf8.RuneCountInString(c.lines[i][f].Value) > max {
				c.addLine(i, f, KeyMaxLength, "max", strconv.Itoa(max))
			}
		}
	}
}

func (c *check) numbers() {
	c.positiveNumber(fWeight, MaxWeightKG)
	c.amount(fShippingCost)
}

// positiveNumber checks a number greater than 0 and at most max.
func (c *check) positiveNumber(f field, max float64) {
	if !c.present(f) {
		return
	}
	if key, attrs := positive(c.value(f), max); key != "" {
		c.add(f, key, attrs...)
	}
}

// amount checks an optional money amount: a number, not negative.
func (c *check) amount(f field) {
	if !c.present(f) {
		return
	}
	if key := notNegative(c.value(f)); key != "" {
		c.add(f, key)
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

// result builds the maps of Validated: every shipment field, the invoice
// fields when the draft has invoice columns, and the order lines.
func (c *check) result() Validated {
	n := fInvoiceNumber
	if c.invoice {
		n = fieldCount
	}
	out := Validated{Fields: make(map[string]Value, n), Valid: true}
	for f := range n {
		v := c.fields[f]
		out.Fields[allFields[f]] = v
		out.Valid = out.Valid && len(v.Violations) == 0
	}
	if len(c.lines) > 0 {
		out.OrderLines = make([]map[string]Value, len(c.lines))
	}
	for i, l := range c.lines {
		m := make(map[string]Value, lineFieldCount)
		for f, v := range l {
			m[OrderLineFields[f]] = v
			out.Valid = out.Valid && len(v.Violations) == 0
		}
		out.OrderLines[i] = m
	}
	return out
}
