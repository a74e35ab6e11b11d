package xlsx_test

import (
	"bytes"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"parcelportal/adapters/xlsx"
)

func TestWriteKindsOfCell(t *testing.T) {
	var buf bytes.Buffer
	day := time.Date(2026, 11, 24, 15, 4, 0, 0, time.UTC)
	err := xlsx.Sheet{}.Write(&buf, []string{"Date", "Text", "Number"}, func(yield func([]any) error) error {
		if err := yield([]any{day, "=HYPERLINK(\"x\")", 12.5}); err != nil {
			return err
		}
		return yield([]any{time.Time{}, "plain", 0.0})
	})
	if err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := f.GetRows("Report")
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 3 || rows[0][0] != "Date" || rows[0][2] != "Number" {
		t.Fatalf("rows %q", rows)
	}
	if rows[1][0] != "24.11.2026" {
		t.Errorf("date shown as %q, want 24.11.2026", rows[1][0])
	}
	for _, cell := range []string{"A2", "C2"} {
		typ, err := f.GetCellType("Report", cell)
		if err != nil || typ == excelize.CellTypeSharedString || typ == excelize.CellTypeInlineString {
			t.Errorf("%s is %v %v, want a number cell", cell, typ, err)
		}
	}
	if formula, _ := f.GetCellFormula("Report", "B2"); formula != "" {
		t.Errorf("text became the formula %q", formula)
	}
	if rows[1][1] != "=HYPERLINK(\"x\")" || rows[1][2] != "12.5" {
		t.Errorf("row %q", rows[1])
	}
	if len(rows[2]) > 0 && rows[2][0] != "" {
		t.Errorf("zero date shows %q", rows[2][0])
	}
}
