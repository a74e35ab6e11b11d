package postgres

import (
	"encoding/json"
	"reflect"
	"testing"

	"parcelportal/core/shipment"
)

func TestRowJSONRoundTrip(t *testing.T) {
	v := shipment.Validated{Valid: false, Fields: map[string]shipment.Value{
		"name":   {Value: "Anna \"A\" \\ </script>\n\r\t\x01 Köln 😀"},
		"street": {Value: "", Violations: []shipment.Violation{{Key: "error.shipment.mandatory"}, {Key: "error.shipment.length", Attributes: map[string]string{"max": "35", "q\"": "\\"}}}},
	}, OrderLines: []map[string]shipment.Value{{"quantity": {Value: "2"}}, {"value": {Value: "1,5"}}}}
	fields, lines := encodeRow(v)
	if !json.Valid(fields) || !json.Valid(lines) {
		t.Fatalf("invalid JSON: %s / %s", fields, lines)
	}
	back, err := decodeRow(fields, lines, false)
	if err != nil || !reflect.DeepEqual(back, v) {
		t.Fatalf("round trip:\n got %+v, %v\nwant %+v", back, err, v)
	}
	none, _ := encodeRow(shipment.Validated{Fields: map[string]shipment.Value{"x": {Value: "a\xffb\x00c"}}})
	back, _ = decodeRow(none, []byte("[]"), true)
	if back.Fields["x"].Value != "a\ufffdb\ufffdc" || back.OrderLines != nil {
		t.Fatalf("invalid UTF-8 and NUL = %q, lines %v", back.Fields["x"].Value, back.OrderLines)
	}
}
