package postgres

import (
	"bytes"
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

func TestRowParserReadsWhatPostgresGivesBack(t *testing.T) {
	v := shipment.Validated{Fields: map[string]shipment.Value{
		"name":   {Value: "Anna \"A\" \\ \n\t Köln 😀 </x>"},
		"street": {Value: "", Violations: []shipment.Violation{{Key: "error.shipment.mandatory"}, {Key: "error.shipment.length", Attributes: map[string]string{"max": "35"}}}},
	}, OrderLines: []map[string]shipment.Value{{"quantity": {Value: "2"}}}}
	fields, lines := encodeRow(v)
	var indented, indentedLines bytes.Buffer
	if err := json.Indent(&indented, fields, "", "  "); err != nil {
		t.Fatal(err)
	}
	if err := json.Indent(&indentedLines, lines, " ", "\t"); err != nil {
		t.Fatal(err)
	}
	cases := map[string][2][]byte{
		"as written":  {fields, lines},
		"with spaces": {indented.Bytes(), indentedLines.Bytes()},
		// jsonb escapes differently and may hold keys the portal does not write.
		"escapes and unknown keys": {
			[]byte(`{"name": {"value": "Caf\u00e9 \ud83d\ude00 a\/b", "extra": [1, 2.5e3, true, null, {"x": "y"}]}, "city": {"violations": [], "value": ""}}`),
			[]byte(`[ ]`),
		},
	}
	for name, c := range cases {
		fast, err := parseRow(c[0], c[1], true)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		slow, err := decodeRowSlowly(c[0], c[1], true)
		if err != nil || !reflect.DeepEqual(fast, slow) {
			t.Errorf("%s: fast and slow decoders differ:\nfast %+v\nslow %+v (%v)", name, fast, slow, err)
		}
	}
	for _, bad := range []string{`{"name": {"value": "x"}`, `{"name": {"value": 1}}`, `[]`, `{"a": {"value": "x"}} x`, `{"a": {"value": "\q"}}`} {
		if _, err := parseRow([]byte(bad), []byte(`[]`), true); err == nil {
			t.Errorf("parseRow(%s) accepted", bad)
		}
	}
}

func BenchmarkDecodeRow(b *testing.B) {
	v := shipment.Validated{Fields: map[string]shipment.Value{}}
	for _, f := range append(append([]string{}, shipment.Fields...), shipment.InvoiceFields...) {
		v.Fields[f] = shipment.Value{Value: "value of " + f}
	}
	v.Fields["postalcode"] = shipment.Value{Value: "1", Violations: []shipment.Violation{{Key: "error.shipment.postalCode", Attributes: map[string]string{"country": "DE"}}}}
	for range 2 {
		line := map[string]shipment.Value{}
		for _, f := range shipment.OrderLineFields {
			line[f] = shipment.Value{Value: "1,5"}
		}
		v.OrderLines = append(v.OrderLines, line)
	}
	fields, lines := encodeRow(v)
	for b.Loop() {
		if _, err := decodeRow(fields, lines, false); err != nil {
			b.Fatal(err)
		}
	}
}
