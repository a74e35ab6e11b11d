package xlsx_test

import (
	"bytes"
	"maps"
	"slices"
	"testing"

	"github.com/xuri/excelize/v2"

	"parcelportal/adapters/xlsx"
	"parcelportal/core/batchcsv"
)

// TestTheWorkbookTemplateReadsBackAsTheCSVTemplate: the .xlsx template
// has the CSV template's header and example row on the sheet Shipments,
// and the batch reader (the upload's) reads it back as such, into as many
// shipments as the CSV template gives.
func TestTheWorkbookTemplateReadsBackAsTheCSVTemplate(t *testing.T) {
	data, err := xlsx.Workbook{}.Template(batchcsv.TemplateHeader(), batchcsv.TemplateExample())
	if err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if sheets := f.GetSheetList(); !slices.Equal(sheets, []string{batchcsv.SheetName}) {
		t.Fatalf("sheets = %v, want only %q", sheets, batchcsv.SheetName)
	}
	header, rows, err := xlsx.Workbook{}.Rows(data)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(header, batchcsv.TemplateHeader()) {
		t.Fatalf("header read back = %v\nwant %v", header, batchcsv.TemplateHeader())
	}
	if len(rows) != 1 || !slices.Equal(rows[0].Cells, batchcsv.TemplateExample()) {
		t.Fatalf("rows read back = %v", rows)
	}
	fromSheet, err := batchcsv.FromSheet(header, rows)
	if err != nil {
		t.Fatal(err)
	}
	fromCSV, err := batchcsv.Read(batchcsv.Template())
	if err != nil {
		t.Fatal(err)
	}
	if len(fromSheet) != 1 || len(fromCSV) != 1 || !maps.Equal(fromSheet[0].Fields, fromCSV[0].Fields) ||
		len(fromSheet[0].OrderLines) != 1 || !maps.Equal(fromSheet[0].OrderLines[0], fromCSV[0].OrderLines[0]) {
		t.Fatalf("workbook template read %v, CSV template %v", fromSheet, fromCSV)
	}
}
