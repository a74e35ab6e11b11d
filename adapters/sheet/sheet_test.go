package sheet

import (
	"bytes"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

func TestWriteNeutralisesFormulas(t *testing.T) {
	rows := [][]string{{"id", "name"}, {"CP1", "=HYPERLINK(\"x\")"}}
	raw, err := Writer{}.Write(CSV, rows)
	if err != nil || !strings.Contains(string(raw), "'=HYPERLINK") {
		t.Fatalf("csv %q %v", raw, err)
	}
	raw, err = Writer{}.Write(XLSX, rows)
	if err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := f.GetCellValue("Report", "B2"); !strings.HasPrefix(v, "'=") {
		t.Fatalf("B2 = %q", v)
	}
	if formula, _ := f.GetCellFormula("Report", "B2"); formula != "" {
		t.Fatalf("B2 is a formula: %q", formula)
	}
	if _, err := (Writer{}).Write("pdf", rows); err == nil {
		t.Fatal("pdf written")
	}
}
