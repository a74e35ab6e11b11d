package xlsx

import (
	"archive/zip"
	"bytes"
	"io"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"parcelportal/core/batch"
	"parcelportal/core/batchcsv"
	"parcelportal/core/failure"
)

var header = []string{"name", "street", "no", "postalcode", "city", "isoCountry", "referencenumber", "weight", "format", "product", "service"}

func row(name, postalcode string) []any {
	return []any{name, "Hauptstraße", "5", postalcode, "Dresden", "DE", "REF-" + name, 1.25, "B", "EPAQSTD", "CUP"}
}

// book is a workbook with sheets in order; each sheet's rows start at A1.
func book(t testing.TB, edit func(f *excelize.File), sheets ...string) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	for i, name := range sheets {
		if i == 0 {
			if err := f.SetSheetName("Sheet1", name); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if _, err := f.NewSheet(name); err != nil {
			t.Fatal(err)
		}
	}
	edit(f)
	var b bytes.Buffer
	if err := f.Write(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func put(t testing.TB, f *excelize.File, sheet string, line int, values []any) {
	t.Helper()
	cell, _ := excelize.CoordinatesToCellName(1, line)
	if err := f.SetSheetRow(sheet, cell, &values); err != nil {
		t.Fatal(err)
	}
}

func headerRow() []any {
	out := make([]any, len(header))
	for i, h := range header {
		out[i] = h
	}
	return out
}

func read(t *testing.T, data []byte) []map[string]string {
	t.Helper()
	h, rows, err := Workbook{}.Rows(data)
	if err != nil {
		t.Fatalf("Rows = %v", err)
	}
	drafts, err := batchcsv.FromSheet(h, rows)
	if err != nil {
		t.Fatalf("FromSheet = %v", err)
	}
	out := make([]map[string]string, len(drafts))
	for i, d := range drafts {
		out[i] = d.Fields
	}
	return out
}

func TestAWorkbookReadsAsTheCSVWithTheSameColumns(t *testing.T) {
	data := book(t, func(f *excelize.File) {
		put(t, f, "Orders", 1, headerRow())
		put(t, f, "Orders", 2, row("Anna", "01067"))
		put(t, f, "Orders", 4, row("Berta", "10115")) // a blank row between is left out
	}, "Orders")
	if !batchcsv.IsWorkbook(data) {
		t.Fatal("an .xlsx is not told apart from text")
	}
	got := read(t, data)
	if len(got) != 2 || got[0]["name"] != "Anna" || got[0]["postalcode"] != "01067" || got[0]["weight"] != "1.25" || got[1]["name"] != "Berta" {
		t.Fatalf("rows = %v", got)
	}
}

func TestCellsReadAsTheSpreadsheetShowsThem(t *testing.T) {
	data := book(t, func(f *excelize.File) {
		put(t, f, "Shipments", 1, append(headerRow(), "content"))
		r := row("Anna", "")
		put(t, f, "Shipments", 2, append(r, time.Date(2026, 11, 28, 0, 0, 0, 0, time.UTC)))
		// A postal code stored as the number 1067, formatted 00000: 01067 as shown.
		_ = f.SetCellValue("Shipments", "D2", 1067)
		style, _ := f.NewStyle(&excelize.Style{CustomNumFmt: ptr("00000")})
		_ = f.SetCellStyle("Shipments", "D2", "D2", style)
		dates, _ := f.NewStyle(&excelize.Style{CustomNumFmt: ptr("dd.mm.yyyy")})
		_ = f.SetCellStyle("Shipments", "L2", "L2", dates)
		// A merged range holds its value in its first cell.
		_ = f.MergeCell("Shipments", "B2", "C2")
	}, "Shipments")
	got := read(t, data)
	if len(got) != 1 || got[0]["postalcode"] != "01067" || got[0]["content"] != "28.11.2026" || got[0]["street"] != "Hauptstraße" || got[0]["no"] != "" {
		t.Fatalf("rows = %v", got)
	}
}

func TestAFormulaGivesItsSavedValueAndIsNeverEvaluated(t *testing.T) {
	data := book(t, func(f *excelize.File) {
		put(t, f, "Shipments", 1, headerRow())
		put(t, f, "Shipments", 2, row("Anna", "10115"))
	}, "Shipments")
	// Excel saves a formula with its last value: <f> beside <v>. The
	// formula (1/0) would not give 1.25; the saved value is read.
	data = rewriteSheet(t, data, func(xml string) string {
		return strings.Replace(xml, `<c r="H2"><v>1.25</v></c>`, `<c r="H2"><f>1/0</f><v>1.25</v></c>`, 1)
	})
	if got := read(t, data); got[0]["weight"] != "1.25" {
		t.Fatalf("weight = %q", got[0]["weight"])
	}
}

func TestTheSheetNamedLikeTheTemplateWinsAndHiddenSheetsAreNeverRead(t *testing.T) {
	data := book(t, func(f *excelize.File) {
		put(t, f, "Hidden", 1, headerRow())
		put(t, f, "Hidden", 2, row("Secret", "10115"))
		f.SetActiveSheet(2)
		if err := f.SetSheetVisible("Hidden", false); err != nil {
			t.Fatal(err)
		}
		put(t, f, "Notes", 1, []any{"just notes"})
		put(t, f, "SHIPMENTS", 1, headerRow())
		put(t, f, "SHIPMENTS", 2, row("Anna", "10115"))
	}, "Hidden", "Notes", "SHIPMENTS")
	if got := read(t, data); len(got) != 1 || got[0]["name"] != "Anna" {
		t.Fatalf("rows = %v", got)
	}
	first := book(t, func(f *excelize.File) {
		put(t, f, "Hidden", 1, headerRow())
		put(t, f, "Hidden", 2, row("Secret", "10115"))
		// A workbook's active sheet cannot be hidden: Orders is.
		f.SetActiveSheet(1)
		if err := f.SetSheetVisible("Hidden", false); err != nil {
			t.Fatal(err)
		}
		put(t, f, "Orders", 1, headerRow())
		put(t, f, "Orders", 2, row("Anna", "10115"))
	}, "Hidden", "Orders")
	if got := read(t, first); len(got) != 1 || got[0]["name"] != "Anna" {
		t.Fatalf("without a Shipments sheet: %v", got)
	}
}

func TestRefusals(t *testing.T) {
	tooMany := book(t, func(f *excelize.File) {
		put(t, f, "Shipments", 1, headerRow())
		for i := range batch.MaxRows + 1 {
			put(t, f, "Shipments", i+2, row("R"+strconv.Itoa(i), "10115"))
		}
	}, "Shipments")
	unknown := book(t, func(f *excelize.File) {
		put(t, f, "Shipments", 1, append(headerRow(), "colour"))
		put(t, f, "Shipments", 2, row("Anna", "10115"))
	}, "Shipments")
	for name, tc := range map[string]struct {
		data []byte
		key  string
	}{
		"no workbook":       {[]byte("PK\x03\x04 but no zip at all"), batchcsv.KeyNotWorkbook},
		"too many rows":     {tooMany, batch.KeyMaxRowsExceeded},
		"an unknown column": {unknown, batchcsv.KeyUnknownColumns},
		"an empty workbook": {book(t, func(*excelize.File) {}, "Shipments"), batchcsv.KeyEmpty},
		"a header, no rows": {book(t, func(f *excelize.File) { put(t, f, "Shipments", 1, headerRow()) }, "Shipments"), batchcsv.KeyHeaderOnly},
	} {
		h, rows, err := Workbook{}.Rows(tc.data)
		if err == nil {
			_, err = batchcsv.FromSheet(h, rows)
		}
		if f, ok := failure.As(err); !ok || f.Key != tc.key {
			t.Errorf("%s: %v, want %s", name, err, tc.key)
		}
	}
}

// BenchmarkReadWorkbook2000 reads and checks a 2000-row workbook as an
// upload does (issue 27: under 300 ms).
func BenchmarkReadWorkbook2000(b *testing.B) {
	data := book(b, func(f *excelize.File) {
		put(b, f, "Shipments", 1, headerRow())
		for i := range batch.MaxRows {
			put(b, f, "Shipments", i+2, row("R"+strconv.Itoa(i), "10115"))
		}
	}, "Shipments")
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		h, rows, err := Workbook{}.Rows(data)
		if err != nil {
			b.Fatal(err)
		}
		if drafts, err := batchcsv.FromSheet(h, rows); err != nil || len(drafts) != batch.MaxRows {
			b.Fatal(len(drafts), err)
		}
	}
}

func ptr[T any](v T) *T { return &v }

// rewriteSheet changes the first worksheet's XML inside the workbook.
func rewriteSheet(t *testing.T, data []byte, change func(string) string) []byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	changed := false
	for _, file := range zr.File {
		rc, _ := file.Open()
		content, _ := io.ReadAll(rc)
		rc.Close()
		if file.Name == "xl/worksheets/sheet1.xml" {
			before := string(content)
			content = []byte(change(before))
			changed = string(content) != before
		}
		w, _ := zw.Create(file.Name)
		_, _ = w.Write(content)
	}
	_ = zw.Close()
	if !changed {
		t.Fatal("the sheet's XML did not change: the test no longer tests what it says")
	}
	return out.Bytes()
}
