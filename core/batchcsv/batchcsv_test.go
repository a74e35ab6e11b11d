package batchcsv_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"parcelportal/core/batch"
	"parcelportal/core/batchcsv"
	"parcelportal/core/batchcsv/batchcsvtest"
	"parcelportal/core/failure"
	"parcelportal/core/shipment"
)

var update = flag.Bool("update", false, "rewrite testdata/batches/template.csv from batchcsv.Template")

const testdata = "../../testdata/batches/"

func readFile(t testing.TB, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(testdata + name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func mustRead(t *testing.T, data []byte) []shipment.Draft {
	t.Helper()
	drafts, err := batchcsv.Read(data)
	if err != nil {
		t.Fatalf("Read: %v", err)
	}
	return drafts
}

// wantFailure checks that err is a failure with key and exactly the params.
func wantFailure(t *testing.T, err error, key string, params map[string]string) {
	t.Helper()
	f, ok := failure.As(err)
	if !ok {
		t.Fatalf("err = %v, want failure %s", err, key)
	}
	if f.Key != key || f.Kind != failure.Invalid || len(f.Params) != len(params) {
		t.Fatalf("failure = %s %v (kind %d), want %s %v", f.Key, f.Params, f.Kind, key, params)
	}
	for k, v := range params {
		if f.Params[k] != v {
			t.Fatalf("param %s = %q, want %q", k, f.Params[k], v)
		}
	}
}

// TestBadFiles: each bad file of testdata gets its own failure.
func TestBadFiles(t *testing.T) {
	cases := []struct {
		file   string
		key    string
		params map[string]string
	}{
		{"empty.csv", batchcsv.KeyEmpty, nil},
		{"header-only.csv", batchcsv.KeyHeaderOnly, nil},
		{"binary.csv", batchcsv.KeyBinary, nil},
		{"wrong-delimiter.csv", batchcsv.KeyDelimiter, nil},
		{"duplicate-headers.csv", batchcsv.KeyDuplicateColumns, map[string]string{"columns": "City"}},
		{"broken-quotes.csv", batchcsv.KeyBrokenQuotes, map[string]string{"line": "3"}},
		{"unknown-columns.csv", batchcsv.KeyUnknownColumns, map[string]string{"columns": "colour, giftWrap"}},
		{"row-too-long.csv", batchcsv.KeyRowTooLong, map[string]string{"line": "3"}},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			drafts, err := batchcsv.Read(readFile(t, c.file))
			if drafts != nil {
				t.Errorf("drafts = %v, want none", drafts)
			}
			wantFailure(t, err, c.key, c.params)
		})
	}
}

func TestBadContent(t *testing.T) {
	cases := []struct {
		name, data string
		key        string
		params     map[string]string
	}{
		{"only blanks", " \r\n\t\n", batchcsv.KeyEmpty, nil},
		{"only a byte order mark", "\uFEFF", batchcsv.KeyEmpty, nil},
		{"header and blank rows", "name;city\n;\n ; \n", batchcsv.KeyHeaderOnly, nil},
		{"one unknown column", "first name\nErika\n", batchcsv.KeyDelimiter, nil},
		{"pipe delimited", "name|city|street\nA|B|C\n", batchcsv.KeyDelimiter, nil},
		{"duplicates in another case", "name;City;NAME;city;street\n", batchcsv.KeyDuplicateColumns, map[string]string{"columns": "NAME, city"}},
		{"duplicate order line column", "name;weight1;Weight1\nA;1;2\n", batchcsv.KeyDuplicateColumns, map[string]string{"columns": "Weight1"}},
		{"order line 0", "name;weight0\nA;1\n", batchcsv.KeyUnknownColumns, map[string]string{"columns": "weight0"}},
		{"order line with leading zero", "name;weight01\nA;1\n", batchcsv.KeyUnknownColumns, map[string]string{"columns": "weight01"}},
		{"number after a shipment field", "name;city1\nA;1\n", batchcsv.KeyUnknownColumns, map[string]string{"columns": "city1"}},
		{"unclosed quote at the end", "name;city\nA;B\n\"C;D\n", batchcsv.KeyBrokenQuotes, map[string]string{"line": "3"}},
		{"quote inside a field", "name;city\nA;B\nC;Kö\"ln\n", batchcsv.KeyBrokenQuotes, map[string]string{"line": "3"}},
		{"broken quote in the header", "name;\"city\n", batchcsv.KeyBrokenQuotes, map[string]string{"line": "1"}},
		{"long row after a multi-line value", "name;city\n\"A\nB\";C\nD;E;F\n", batchcsv.KeyRowTooLong, map[string]string{"line": "4"}},
		{"value under an unnamed column", "name;;city\nA;x;B\n", batchcsv.KeyUnnamedColumn, map[string]string{"column": "2"}},
		{"control characters", "name;city\n" + strings.Repeat("\x01\x02", 10), batchcsv.KeyBinary, nil},
		{"UTF-16", "\xff\xfen\x00a\x00m\x00e\x00", batchcsv.KeyBinary, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := batchcsv.Read([]byte(c.data))
			wantFailure(t, err, c.key, c.params)
		})
	}
}

func TestValidFile(t *testing.T) {
	drafts := mustRead(t, readFile(t, "valid.csv"))
	if len(drafts) != 7 {
		t.Fatalf("%d drafts, want 7", len(drafts))
	}
	lines := []int{0, 0, 0, 1, 2, 2, 1}
	for i, d := range drafts {
		if len(d.OrderLines) != lines[i] {
			t.Errorf("row %d: %d order lines, want %d", i+1, len(d.OrderLines), lines[i])
		}
	}
	first := drafts[0]
	if first.Fields["street"] != "Hauptstraße" || first.Fields["returnOptions"] != "EPAQRETDOM|RETPP" || first.Fields["referencenumber"] != "VAL-001" {
		t.Errorf("first row = %v", first.Fields)
	}
	us := drafts[5]
	if !us.HasInvoice() || us.Fields["incoterm"] != "DDP" || us.OrderLines[1]["description"] != "Knäckebrot 250 g" || us.OrderLines[1]["hstarifnumber"] != "190510" {
		t.Errorf("invoice row = %v %v", us.Fields, us.OrderLines)
	}
	if drafts[0].HasInvoice() {
		t.Error("a row with an empty invoice number has no invoice")
	}
	if _, ok := drafts[0].Fields["invoiceNumber"]; !ok {
		t.Error("the invoice columns of the file are kept in every row")
	}
}

// TestCommaFile: quoted values with the delimiter, doubled quotes and line
// breaks; header names in any case and order; values trimmed.
func TestCommaFile(t *testing.T) {
	drafts := mustRead(t, readFile(t, "comma.csv"))
	if len(drafts) != 3 {
		t.Fatalf("%d drafts, want 3", len(drafts))
	}
	want := map[string]string{
		"name": `Bäckerei "Zur Linde"`, "contact": "Müller, Hans", "street2": "Hinterhaus\nAufgang B",
		"isoCountry": "DE", "referencenumber": "COM-001", "weight": "0,9", "options": "SIGN|NONEIGHBOUR",
	}
	for k, v := range want {
		if got := drafts[0].Fields[k]; got != v {
			t.Errorf("%s = %q, want %q", k, got, v)
		}
	}
	if got := drafts[1].Fields["name"]; got != "Anna Schmidt" {
		t.Errorf("untrimmed name %q", got)
	}
	if got := drafts[2].Fields["name"]; got != "Van den Berg, Pieter" {
		t.Errorf("name %q", got)
	}
}

func TestWindows1252File(t *testing.T) {
	data := readFile(t, "windows1252.csv")
	if bytes.Contains(data, []byte("ü")) {
		t.Fatal("the test file must be Windows-1252, not UTF-8")
	}
	drafts := mustRead(t, data)
	checks := []struct {
		row       int
		field, to string
	}{
		{0, "name", "Jürgen Größ"}, {0, "city", "Düsseldorf"}, {1, "contact", "Frau Bärbel Weiß"}, {1, "city", "Köln"},
		{2, "content", "Geschenk – Pralinen für 20 €"},
	}
	for _, c := range checks {
		if got := drafts[c.row].Fields[c.field]; got != c.to {
			t.Errorf("row %d %s = %q, want %q", c.row+1, c.field, got, c.to)
		}
	}
	if got := drafts[2].OrderLines[0]["description"]; got != "Pralinés „Edel“" {
		t.Errorf("description = %q", got)
	}
}

func TestEncodings(t *testing.T) {
	for name, data := range map[string]string{
		"UTF-8 with BOM":    "\uFEFFname;city\nJürgen;Köln\n",
		"UTF-8 without BOM": "name;city\nJürgen;Köln\n",
		"Windows-1252":      "name;city\nJ\xfcrgen;K\xf6ln\n",
		"Windows-1252 rows after a byte order mark": "\uFEFFname;city\nJ\xfcrgen;K\xf6ln\n",
	} {
		drafts, err := batchcsv.Read([]byte(data))
		if err != nil || len(drafts) != 1 || drafts[0].Fields["name"] != "Jürgen" || drafts[0].Fields["city"] != "Köln" {
			t.Errorf("%s: %v %v", name, drafts, err)
		}
	}
	// Bytes Windows-1252 leaves undefined keep their code point.
	drafts := mustRead(t, []byte("name;city\n\x81\x8d;\x80\x9f\n"))
	if drafts[0].Fields["name"] != "\u0081\u008d" || drafts[0].Fields["city"] != "€Ÿ" {
		t.Errorf("undefined bytes: %q %q", drafts[0].Fields["name"], drafts[0].Fields["city"])
	}
}

func TestRows(t *testing.T) {
	t.Run("short rows and trailing empty fields", func(t *testing.T) {
		drafts := mustRead(t, []byte("name;city;street\nA\nB;C;D;;\n"))
		if len(drafts) != 2 || drafts[0].Fields["city"] != "" || drafts[1].Fields["street"] != "D" {
			t.Errorf("drafts = %v", drafts)
		}
		if _, ok := drafts[0].Fields["street"]; !ok {
			t.Error("a short row still names every column of the header")
		}
	})
	t.Run("order line groups in any order with gaps", func(t *testing.T) {
		drafts := mustRead(t, []byte("description3,name,description1,QUANTITY3,quantity1\nthird,A,first,3,1\n,B,only,,\n"))
		a, b := drafts[0].OrderLines, drafts[1].OrderLines
		if len(a) != 2 || a[0]["description"] != "first" || a[1]["quantity"] != "3" || len(b) != 1 || b[0]["description"] != "only" {
			t.Errorf("order lines = %v / %v", a, b)
		}
	})
	t.Run("empty unnamed column is ignored", func(t *testing.T) {
		drafts := mustRead(t, []byte("name;city;\nA;B;\n"))
		if len(drafts) != 1 || len(drafts[0].Fields) != 2 {
			t.Errorf("drafts = %v", drafts)
		}
	})
	t.Run("single known column", func(t *testing.T) {
		drafts := mustRead(t, []byte("name\nA\n"))
		if len(drafts) != 1 || drafts[0].Fields["name"] != "A" {
			t.Errorf("drafts = %v", drafts)
		}
	})
	t.Run("the header decides the delimiter", func(t *testing.T) {
		semicolon := mustRead(t, []byte("name;\"city\";street\nA;B,C;D\n"))
		comma := mustRead(t, []byte("name,city,street\n\"A;B\",C,D\n"))
		if semicolon[0].Fields["city"] != "B,C" || comma[0].Fields["name"] != "A;B" {
			t.Errorf("semicolon file %v, comma file %v", semicolon, comma)
		}
	})
}

func TestLimits(t *testing.T) {
	drafts := mustRead(t, batchcsvtest.Generate(batch.MaxRows))
	if len(drafts) != batch.MaxRows {
		t.Fatalf("%d drafts", len(drafts))
	}
	_, err := batchcsv.Read(batchcsvtest.Generate(batch.MaxRows + 1))
	wantFailure(t, err, batch.KeyMaxRowsExceeded, map[string]string{"rows": "2001", "maxRows": "2000"})

	big := batchcsvtest.Generate(60000)
	if len(big) <= batchcsv.MaxBytes {
		t.Fatalf("generated %d bytes, want more than %d", len(big), batchcsv.MaxBytes)
	}
	_, err = batchcsv.Read(big)
	wantFailure(t, err, batchcsv.KeyTooLarge, map[string]string{"maxMegabytes": "10"})

	exact := append(batchcsvtest.Generate(10), bytes.Repeat([]byte("\n"), batchcsv.MaxBytes)...)[:batchcsv.MaxBytes]
	if _, err := batchcsv.Read(exact); err != nil {
		t.Errorf("a file of exactly 10 MB: %v", err)
	}
}

// TestTemplate: the template is testdata/batches/template.csv, and it reads
// back as one draft with one order line.
func TestTemplate(t *testing.T) {
	tmpl := batchcsv.Template()
	if *update {
		if err := os.WriteFile(testdata+batchcsv.TemplateFileName, tmpl, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.Equal(readFile(t, batchcsv.TemplateFileName), tmpl) {
		t.Fatal("testdata/batches/template.csv differs from batchcsv.Template(); run go test ./core/batchcsv -run TestTemplate -update")
	}
	drafts := mustRead(t, tmpl)
	if len(drafts) != 1 || len(drafts[0].OrderLines) != 1 || drafts[0].Fields["city"] != "Zürich" {
		t.Fatalf("template reads as %v", drafts)
	}
	if len(drafts[0].Fields) != len(shipment.Fields) {
		t.Errorf("template has %d shipment columns, want %d", len(drafts[0].Fields), len(shipment.Fields))
	}
}

// FuzzRead: whatever the bytes, Read does not panic, and it either fails
// with a translated failure or returns between 1 and MaxRows drafts.
func FuzzRead(f *testing.F) {
	files, err := filepath.Glob(testdata + "*.csv")
	if err != nil || len(files) < 10 {
		f.Fatalf("seed corpus: %v %v", files, err)
	}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("name,weight1\n\"a\"\"b\",1\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		drafts, err := batchcsv.Read(data)
		if err != nil {
			if _, ok := err.(*failure.Error); !ok {
				t.Fatalf("error %T %v is not a *failure.Error", err, err)
			}
			if drafts != nil {
				t.Fatal("drafts with an error")
			}
			return
		}
		if len(drafts) == 0 || len(drafts) > batch.MaxRows {
			t.Fatalf("%d drafts", len(drafts))
		}
		for _, d := range drafts {
			for name, v := range d.Fields {
				if v != strings.TrimSpace(v) || !known(name) {
					t.Fatalf("field %q = %q", name, v)
				}
			}
		}
	})
}

func known(name string) bool {
	for _, list := range [][]string{shipment.Fields, shipment.InvoiceFields} {
		for _, f := range list {
			if f == name {
				return true
			}
		}
	}
	return false
}
