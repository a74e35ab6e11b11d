package main

import (
	"bytes"
	"encoding/base64"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"strconv"
	"testing"

	"github.com/xuri/excelize/v2"

	"parcelportal/adapters/carrier"
	"parcelportal/app/demo"
	"parcelportal/core/batchcsv/batchcsvtest"
)

// An Excel workbook is accepted wherever a CSV batch is (issue 27): the same
// rows validate alike, and the original downloads as the workbook it was.
func TestABatchUploadedAsAWorkbookValidatesAsItsCSVAndDownloadsAsUploaded(t *testing.T) {
	db := newDemoDatabase(t)
	bakery := db.customer(t, demo.BakeryCRMID)
	srv := db.shippingPortal(t, carrier.New("http://127.0.0.1:1/unused"), 1)
	user := portal{t: t, srv: srv, bearer: "ROLE_USER:" + strconv.FormatInt(bakery, 10)}

	r := csv.NewReader(bytes.NewReader(batchcsvtest.Generate(5)))
	r.Comma = ';'
	records, err := r.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	f := excelize.NewFile()
	for i, record := range records {
		cells := make([]any, len(record))
		for j, v := range record {
			cells[j] = v
		}
		if err := f.SetSheetRow("Sheet1", "A"+strconv.Itoa(i+1), &cells); err != nil {
			t.Fatal(err)
		}
	}
	var workbook bytes.Buffer
	if err := f.Write(&workbook); err != nil {
		t.Fatal(err)
	}

	body := fmt.Sprintf(`{"csv":%q,"csvFileName":"orders.xlsx","customer":{"id":%d}}`, base64.StdEncoding.EncodeToString(workbook.Bytes()), bakery)
	_, b := user.call("POST", "/web/api/batches", body)
	var created struct {
		ID          string
		Valid       bool
		RowCount    int
		CsvFileName string
	}
	if err := json.Unmarshal(b, &created); err != nil || !created.Valid || created.RowCount != 5 || created.CsvFileName != "orders.xlsx" {
		t.Fatalf("upload = %s", b)
	}
	rsp, original := user.call("GET", "/web/api/batches/"+created.ID+"/csv", "")
	if !bytes.Equal(original, workbook.Bytes()) || rsp.Header.Get("Content-Type") != "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" {
		t.Errorf("the original = %d bytes of %q, want the %d bytes uploaded", len(original), rsp.Header.Get("Content-Type"), workbook.Len())
	}
	// A file that starts as a workbook but is none is refused with its own reason.
	rsp, b = user.raw("POST", "/web/api/batches", fmt.Sprintf(`{"csv":%q,"csvFileName":"broken.xlsx","customer":{"id":%d}}`,
		base64.StdEncoding.EncodeToString([]byte("PK\x03\x04broken")), bakery))
	if rsp.StatusCode != 400 || !bytes.Contains(b, []byte("error.csv.notWorkbook")) {
		t.Errorf("a broken workbook = %d %s", rsp.StatusCode, b)
	}
}
