package postgres

import (
	"encoding/json"

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

func cellsToJSON(fields map[string]shipment.Value) map[string]jsonCell {
	out := make(map[string]jsonCell, len(fields))
	for name, v := range fields {
		c := jsonCell{Value: v.Value}
		if len(v.Violations) > 0 {
			c.Violations = make([]jsonViolation, len(v.Violations))
			for i, x := range v.Violations {
				c.Violations[i] = jsonViolation{Key: x.Key, Attributes: x.Attributes}
			}
		}
		out[name] = c
	}
	return out
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
func encodeRow(v shipment.Validated) (fields, lines []byte, err error) {
	if fields, err = json.Marshal(cellsToJSON(v.Fields)); err != nil {
		return nil, nil, err
	}
	ls := make([]map[string]jsonCell, len(v.OrderLines))
	for i, l := range v.OrderLines {
		ls[i] = cellsToJSON(l)
	}
	lines, err = json.Marshal(ls)
	return fields, lines, err
}

// decodeRow reads the columns back; no order lines come back as nil.
func decodeRow(fields, lines []byte, valid bool) (shipment.Validated, error) {
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
