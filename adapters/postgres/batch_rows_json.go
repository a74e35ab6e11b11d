package postgres

import (
	"encoding/json"
	"unicode/utf8"

	"parcelportal/core/shipment"
)

// Grid rows are kept as jsonb in the shape the migration documents:
// {"name": {"value": "...", "violations": [{"key": "...", "attributes": {...}}]}}.
// A cell without violations leaves the list out, which keeps 2000 rows small.

type jsonViolation struct {
	Key        string            `json:"key"`
	Attributes map[string]string `json:"attributes,omitempty"`
}

type jsonCell struct {
	Value      string          `json:"value"`
	Violations []jsonViolation `json:"violations,omitempty"`
}

func cellsFromJSON(cells map[string]jsonCell) map[string]shipment.Value {
	out := make(map[string]shipment.Value, len(cells))
	for name, c := range cells {
		v := shipment.Value{Value: c.Value}
		if len(c.Violations) > 0 {
			v.Violations = make([]shipment.Violation, len(c.Violations))
			for i, x := range c.Violations {
				v.Violations[i] = shipment.Violation{Key: x.Key, Attributes: x.Attributes}
			}
		}
		out[name] = v
	}
	return out
}

// encodeRow answers the fields and order lines columns of a validated row.
// It writes the JSON by hand: encoding/json's reflection and key sorting
// were nearly half of a 2000-row upload.
func encodeRow(v shipment.Validated) (fields, lines []byte) {
	fields = appendCells(make([]byte, 0, 64*len(v.Fields)), v.Fields)
	lines = append(make([]byte, 0, 2+256*len(v.OrderLines)), '[')
	for i, l := range v.OrderLines {
		if i > 0 {
			lines = append(lines, ',')
		}
		lines = appendCells(lines, l)
	}
	return fields, append(lines, ']')
}

func appendCells(b []byte, cells map[string]shipment.Value) []byte {
	b = append(b, '{')
	first := true
	for name, v := range cells {
		if !first {
			b = append(b, ',')
		}
		first = false
		b = appendJSONString(b, name)
		b = append(b, `:{"value":`...)
		b = appendJSONString(b, v.Value)
		if len(v.Violations) > 0 {
			b = append(b, `,"violations":[`...)
			for i, x := range v.Violations {
				if i > 0 {
					b = append(b, ',')
				}
				b = append(b, `{"key":`...)
				b = appendJSONString(b, x.Key)
				if len(x.Attributes) > 0 {
					b = append(b, `,"attributes":{`...)
					firstAttr := true
					for k, a := range x.Attributes {
						if !firstAttr {
							b = append(b, ',')
						}
						firstAttr = false
						b = appendJSONString(b, k)
						b = append(b, ':')
						b = appendJSONString(b, a)
					}
					b = append(b, '}')
				}
				b = append(b, '}')
			}
			b = append(b, ']')
		}
		b = append(b, '}')
	}
	return append(b, '}')
}

// appendJSONString writes s as a JSON string; invalid UTF-8 and NUL become
// U+FFFD, which PostgreSQL's jsonb would refuse otherwise.
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' && c < utf8.RuneSelf {
			i++
			continue
		}
		if c < utf8.RuneSelf {
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			case 0:
				// jsonb keeps no NUL character.
				b = append(b, "\\ufffd"...)
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, "\\ufffd"...)
			i++
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// decodeRow reads the columns back; no order lines come back as nil.
func decodeRow(fields, lines []byte, valid bool) (shipment.Validated, error) {
	if v, err := parseRow(fields, lines, valid); err == nil {
		return v, nil
	}
	return decodeRowSlowly(fields, lines, valid)
}

// decodeRowSlowly reads any JSON encoding/json accepts.
func decodeRowSlowly(fields, lines []byte, valid bool) (shipment.Validated, error) {
	var f map[string]jsonCell
	if err := json.Unmarshal(fields, &f); err != nil {
		return shipment.Validated{}, err
	}
	var ls []map[string]jsonCell
	if err := json.Unmarshal(lines, &ls); err != nil {
		return shipment.Validated{}, err
	}
	v := shipment.Validated{Fields: cellsFromJSON(f), Valid: valid}
	for _, l := range ls {
		v.OrderLines = append(v.OrderLines, cellsFromJSON(l))
	}
	return v, nil
}
