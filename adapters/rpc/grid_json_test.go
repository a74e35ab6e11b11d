package rpc_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"net/http"
	"os"
	"reflect"
	"testing"

	"parcelportal/core/batchcsv/batchcsvtest"
)

var updateGolden = flag.Bool("update-golden", false, "rewrite the golden REST documents of the grid")

// TestValidatedShipmentsJSONIsStable pins the REST JSON of a batch's grid rows
// (GET web/api/batches/{id}/validatedShipments) and of a cell edit's answer
// to documents captured while the rows were maps: the typed row messages must
// write the same keys, cells a row has not left out rather than null, and the
// same values and violations. Rows: one with an invoice number and a refused
// incoterm, one with empty invoice columns, and rows of a file without invoice
// columns.
func TestValidatedShipmentsJSONIsStable(t *testing.T) {
	a := newBatchesAPI(t)
	withInvoice := batchcsvtest.Edit(t, batchcsvtest.Generate(2), func(row int, column string) (string, bool) {
		switch {
		case row == 1 && column == "invoiceNumber":
			return "INV 1", true
		case row == 1 && column == "incoterm":
			return "FOB", true
		case row == 2 && column == "postalcode":
			return "1", true
		}
		return "", false
	}, "invoiceNumber", "incoterm")
	invoiceBatch := idOf(a.upload(t, withInvoice)["id"])
	plainBatch := idOf(a.upload(t, batchcsvtest.Generate(2))["id"])

	var got []any
	for _, id := range []string{invoiceBatch, plainBatch} {
		rsp, b := a.call(t, a.user(), "GET", "/web/api/batches/"+id+"/validatedShipments", "")
		if rsp.StatusCode != http.StatusOK {
			t.Fatalf("GET validatedShipments = %d %s", rsp.StatusCode, b)
		}
		got = append(got, decode[any](t, b))
	}
	// A cell edit answers the row in the same shape; its body is the row's values.
	rows := got[0].([]any)
	first := rows[0].(map[string]any)
	values := map[string]any{"fields": map[string]string{}, "orderLines": []any{}}
	for name, cell := range first["fields"].(map[string]any) {
		values["fields"].(map[string]string)[name] = cell.(map[string]any)["value"].(string)
	}
	for _, l := range first["orderLines"].([]any) {
		line := map[string]string{}
		for name, cell := range l.(map[string]any)["fields"].(map[string]any) {
			line[name] = cell.(map[string]any)["value"].(string)
		}
		values["orderLines"] = append(values["orderLines"].([]any), map[string]any{"fields": line})
	}
	values["fields"].(map[string]string)["sellerEORI"] = "DE123"
	body, _ := json.Marshal(values)
	rsp, b := a.call(t, a.user(), "PUT", "/web/api/batches/"+invoiceBatch+"/validatedShipments/"+idOf(first["id"]), string(body))
	if rsp.StatusCode != http.StatusOK {
		t.Fatalf("PUT validatedShipments = %d %s", rsp.StatusCode, b)
	}
	got = append(got, decode[any](t, b))

	const golden = "testdata/validated_shipments.json"
	if *updateGolden {
		out, _ := json.MarshalIndent(got, "", " ")
		if err := os.WriteFile(golden, append(out, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	raw, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	want := decode[any](t, raw)
	if !reflect.DeepEqual(got, want) {
		out, _ := json.MarshalIndent(got, "", " ")
		t.Errorf("grid JSON changed:\n%s\nwant the document in %s", out, golden)
	}
	if !bytes.Contains(raw, []byte(`"sellerEORI": {`)) || !bytes.Contains(raw, []byte(`"invoiceNumber": {`)) ||
		!bytes.Contains(raw, []byte(`"allowed": "DDP, DAP, DTP"`)) {
		t.Errorf("the golden document lacks the cells it is meant to pin")
	}
}
