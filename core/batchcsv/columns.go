package batchcsv

import (
	"strconv"
	"strings"

	"parcelportal/core/failure"
	"parcelportal/core/shipment"
)

// column is what a header cell names: a shipment or invoice field, or a
// field of order line number line (from 1).
type column struct {
	field string
	line  int
	// group is the position of line among the header's order-line numbers.
	group int
}

// names maps lower-case header names to the canonical field names.
var names = func() map[string]string {
	m := make(map[string]string, len(shipment.Fields)+len(shipment.InvoiceFields))
	for _, f := range shipment.Fields {
		m[strings.ToLower(f)] = f
	}
	for _, f := range shipment.InvoiceFields {
		m[strings.ToLower(f)] = f
	}
	return m
}()

var orderLineNames = func() map[string]string {
	m := make(map[string]string, len(shipment.OrderLineFields))
	for _, f := range shipment.OrderLineFields {
		m[strings.ToLower(f)] = f
	}
	return m
}()

// lookup finds the column a header cell names, case-insensitively. Order-line
// columns end in the line number without leading zeros: weight1, weight12.
func lookup(name string) (column, bool) {
	lower := strings.ToLower(strings.TrimSpace(name))
	if f, ok := names[lower]; ok {
		return column{field: f}, true
	}
	i := len(lower)
	for i > 0 && lower[i-1] >= '0' && lower[i-1] <= '9' {
		i--
	}
	digits := lower[i:]
	if digits == "" || digits[0] == '0' || len(digits) > 4 {
		return column{}, false
	}
	f, ok := orderLineNames[lower[:i]]
	if !ok {
		return column{}, false
	}
	n, _ := strconv.Atoi(digits)
	return column{field: f, line: n}, true
}

// columns is the header of a file: what each position holds.
type columns struct {
	cols []column
	// lines are the order-line numbers the header names, ascending.
	lines []int
	// unnamed are positions of header cells without a name; their values
	// must stay empty.
	unnamed []int
	// fields counts the shipment and invoice columns: the size of a draft's map.
	fields int
}

func columnsOf(header []string) (columns, error) {
	var (
		c                    columns
		unknown, duplicate   []string
		seen                 = map[column]bool{}
		seenLine             = map[int]bool{}
		duplicateAlreadySeen = map[column]bool{}
	)
	for i, raw := range header {
		name := strings.TrimSpace(raw)
		if name == "" {
			c.cols = append(c.cols, column{})
			c.unnamed = append(c.unnamed, i)
			continue
		}
		col, ok := lookup(name)
		if !ok {
			unknown = append(unknown, name)
			c.cols = append(c.cols, column{})
			continue
		}
		if seen[col] && !duplicateAlreadySeen[col] {
			duplicate = append(duplicate, name)
			duplicateAlreadySeen[col] = true
		}
		seen[col] = true
		c.cols = append(c.cols, col)
		if col.line == 0 {
			c.fields++
		}
		if col.line > 0 && !seenLine[col.line] {
			seenLine[col.line] = true
			c.lines = append(c.lines, col.line)
		}
	}
	if len(c.cols) == len(unknown)+len(c.unnamed) && len(unknown) == 1 {
		return columns{}, failure.New(failure.Invalid, KeyDelimiter)
	}
	if len(duplicate) > 0 {
		return columns{}, failure.New(failure.Invalid, KeyDuplicateColumns, "columns", strings.Join(duplicate, ", "))
	}
	if len(unknown) > 0 {
		return columns{}, failure.New(failure.Invalid, KeyUnknownColumns, "columns", strings.Join(unknown, ", "))
	}
	sortInts(c.lines)
	for i, col := range c.cols {
		if col.line > 0 {
			c.cols[i].group = indexOf(c.lines, col.line)
		}
	}
	return c, nil
}

func indexOf(s []int, v int) int {
	for i, x := range s {
		if x == v {
			return i
		}
	}
	return -1
}

func sortInts(s []int) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// draft turns one record into a draft; ok is false for a row without any
// value. line is the record's line in the file, for messages.
func (c columns) draft(record []string, line int) (shipment.Draft, bool, error) {
	if len(record) > len(c.cols) {
		for _, v := range record[len(c.cols):] {
			if strings.TrimSpace(v) != "" {
				return shipment.Draft{}, false, failure.New(failure.Invalid, KeyRowTooLong, "line", strconv.Itoa(line))
			}
		}
	}
	for _, i := range c.unnamed {
		if i < len(record) && strings.TrimSpace(record[i]) != "" {
			return shipment.Draft{}, false, failure.New(failure.Invalid, KeyUnnamedColumn, "column", strconv.Itoa(i+1))
		}
	}
	d := shipment.Draft{Fields: make(map[string]string, c.fields)}
	var lines []map[string]string
	empty := true
	for i, col := range c.cols {
		if col.field == "" {
			continue
		}
		v := ""
		if i < len(record) {
			v = strings.TrimSpace(record[i])
		}
		empty = empty && v == ""
		if col.line == 0 {
			d.Fields[col.field] = v
			continue
		}
		if v == "" {
			continue
		}
		if lines == nil {
			lines = make([]map[string]string, len(c.lines))
		}
		if lines[col.group] == nil {
			lines[col.group] = make(map[string]string, len(shipment.OrderLineFields))
		}
		lines[col.group][col.field] = v
	}
	if empty {
		return shipment.Draft{}, false, nil
	}
	for _, l := range lines {
		if l != nil {
			d.OrderLines = append(d.OrderLines, l)
		}
	}
	return d, true, nil
}
