package postgres

import (
	"errors"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"

	"parcelportal/core/shipment"
)

// A grid of 2000 rows is some 80 000 cells: encoding/json spent most of a
// grid read on reflection and map growth. rowParser reads exactly the
// shape encodeRow writes (as PostgreSQL gives jsonb back: any whitespace,
// keys in any order, unknown keys skipped); decodeRow falls back to
// encoding/json when it meets anything else.
type rowParser struct {
	s   []byte
	i   int
	err error
}

var errRowJSON = errors.New("grid row: unexpected JSON")

func (p *rowParser) fail() {
	if p.err == nil {
		p.err = errRowJSON
	}
	p.i = len(p.s)
}

func (p *rowParser) ws() {
	for p.i < len(p.s) {
		switch p.s[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

// next skips whitespace and reports the next byte, 0 at the end.
func (p *rowParser) next() byte {
	p.ws()
	if p.i >= len(p.s) {
		return 0
	}
	return p.s[p.i]
}

func (p *rowParser) expect(c byte) {
	if p.next() != c {
		p.fail()
		return
	}
	p.i++
}

// more reads the separator after a member: true after ',', false at close.
func (p *rowParser) more(close byte) bool {
	switch p.next() {
	case ',':
		p.i++
		return true
	case close:
		p.i++
		return false
	}
	p.fail()
	return false
}

// open reads an opening bracket and reports whether the container is empty.
func (p *rowParser) open(open, close byte) (empty bool) {
	p.expect(open)
	if p.next() == close {
		p.i++
		return true
	}
	return false
}

// names are the field names of grid rows, so that reading 80 000 cells
// does not allocate their names again and again.
var names = func() map[string]string {
	m := map[string]string{}
	for _, list := range [][]string{shipment.Fields, shipment.InvoiceFields, shipment.OrderLineFields} {
		for _, n := range list {
			m[n] = n
		}
	}
	return m
}()

// name reads a field name, without allocating the known ones.
func (p *rowParser) name() string {
	if p.next() == '"' {
		if end := bytesIndexQuote(p.s[p.i+1:]); end >= 0 {
			if n, ok := names[string(p.s[p.i+1:p.i+1+end])]; ok {
				p.i += end + 2
				return n
			}
		}
	}
	return p.str()
}

// bytesIndexQuote finds the closing quote of a string without escapes; -1
// when the string has an escape or no end.
func bytesIndexQuote(b []byte) int {
	for i, c := range b {
		switch c {
		case '"':
			return i
		case '\\':
			return -1
		}
	}
	return -1
}

func (p *rowParser) str() string {
	if p.next() != '"' {
		p.fail()
		return ""
	}
	p.i++
	start := p.i
	for p.i < len(p.s) {
		switch c := p.s[p.i]; {
		case c == '"':
			s := string(p.s[start:p.i])
			p.i++
			return s
		case c == '\\':
			return p.escaped(start)
		case c < 0x20:
			p.fail()
			return ""
		default:
			p.i++
		}
	}
	p.fail()
	return ""
}

// escaped finishes a string that holds escapes, from its start.
func (p *rowParser) escaped(start int) string {
	b := append([]byte(nil), p.s[start:p.i]...)
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch {
		case c == '"':
			p.i++
			return string(b)
		case c != '\\':
			b = append(b, c)
			p.i++
			continue
		}
		if p.i+1 >= len(p.s) {
			break
		}
		p.i += 2
		switch e := p.s[p.i-1]; e {
		case '"', '\\', '/':
			b = append(b, e)
		case 'b':
			b = append(b, '\b')
		case 'f':
			b = append(b, '\f')
		case 'n':
			b = append(b, '\n')
		case 'r':
			b = append(b, '\r')
		case 't':
			b = append(b, '\t')
		case 'u':
			r := p.hex4()
			if utf16.IsSurrogate(r) {
				if p.i+1 < len(p.s) && p.s[p.i] == '\\' && p.s[p.i+1] == 'u' {
					p.i += 2
					r = utf16.DecodeRune(r, p.hex4())
				} else {
					r = utf8.RuneError
				}
			}
			b = utf8.AppendRune(b, r)
		default:
			p.fail()
			return ""
		}
	}
	p.fail()
	return ""
}

func (p *rowParser) hex4() rune {
	if p.i+4 > len(p.s) {
		p.fail()
		return 0
	}
	n, err := strconv.ParseUint(string(p.s[p.i:p.i+4]), 16, 32)
	if err != nil {
		p.fail()
		return 0
	}
	p.i += 4
	return rune(n)
}

// skip passes over any JSON value.
func (p *rowParser) skip() {
	switch c := p.next(); c {
	case '"':
		p.str()
	case '{':
		if p.open('{', '}') {
			return
		}
		for {
			p.str()
			p.expect(':')
			p.skip()
			if !p.more('}') {
				return
			}
		}
	case '[':
		if p.open('[', ']') {
			return
		}
		for {
			p.skip()
			if !p.more(']') {
				return
			}
		}
	default:
		start := p.i
		for p.i < len(p.s) && p.s[p.i] != ',' && p.s[p.i] != '}' && p.s[p.i] != ']' && p.s[p.i] > ' ' {
			p.i++
		}
		if p.i == start {
			p.fail()
		}
	}
}

func (p *rowParser) cells() map[string]shipment.Value {
	out := make(map[string]shipment.Value, 40)
	if p.open('{', '}') {
		return out
	}
	for {
		name := p.name()
		p.expect(':')
		out[name] = p.cell()
		if !p.more('}') {
			return out
		}
	}
}

func (p *rowParser) cell() shipment.Value {
	var v shipment.Value
	if p.open('{', '}') {
		return v
	}
	for {
		key := p.str()
		p.expect(':')
		switch key {
		case "value":
			v.Value = p.str()
		case "violations":
			v.Violations = p.violations()
		default:
			p.skip()
		}
		if !p.more('}') {
			return v
		}
	}
}

func (p *rowParser) violations() []shipment.Violation {
	if p.open('[', ']') {
		return nil
	}
	var out []shipment.Violation
	for {
		var x shipment.Violation
		if !p.open('{', '}') {
			for {
				key := p.str()
				p.expect(':')
				switch key {
				case "key":
					x.Key = p.str()
				case "attributes":
					x.Attributes = p.attributes()
				default:
					p.skip()
				}
				if !p.more('}') {
					break
				}
			}
		}
		out = append(out, x)
		if !p.more(']') {
			return out
		}
	}
}

func (p *rowParser) attributes() map[string]string {
	if p.open('{', '}') {
		return nil
	}
	out := map[string]string{}
	for {
		k := p.str()
		p.expect(':')
		out[k] = p.str()
		if !p.more('}') {
			return out
		}
	}
}

// parseRow reads the two columns with rowParser.
func parseRow(fields, lines []byte, valid bool) (shipment.Validated, error) {
	p := &rowParser{s: fields}
	v := shipment.Validated{Fields: p.cells(), Valid: valid}
	if p.next() != 0 {
		p.fail()
	}
	if p.err != nil {
		return shipment.Validated{}, p.err
	}
	p = &rowParser{s: lines}
	if !p.open('[', ']') {
		for {
			v.OrderLines = append(v.OrderLines, p.cells())
			if !p.more(']') {
				break
			}
		}
	}
	if p.next() != 0 {
		p.fail()
	}
	return v, p.err
}
