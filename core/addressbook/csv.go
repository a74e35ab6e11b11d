package addressbook

import (
	"bytes"
	"encoding/csv"
	"sort"
	"strconv"
	"strings"

	"parcelportal/core/csvtext"
	"parcelportal/core/export"
	"parcelportal/core/failure"
)

// Limits of an import (spec 2 section 2.5; docs/address-book-csv.md).
const (
	// MaxImportRows is the most entries one file may hold.
	MaxImportRows = 10000
	// MaxBytes is the largest file: 10,000 full rows are about 3 MB.
	MaxBytes = 10 << 20
	// MaxListedRows is how many failing rows an import's refusal lists (its
	// count names them all).
	MaxListedRows = 100
)

// File names of the downloads.
const (
	TemplateFileName = "address-book-template.csv"
	ExportFileName   = "address-book.csv"
)

// Row is one entry as a file holds it, with the file's line it starts on
// (the header is line 1, as spreadsheet programs number rows).
type Row struct {
	Line int
	Address
}

var headerNames = func() map[string]string {
	m := make(map[string]string, len(Fields))
	for _, f := range Fields {
		m[strings.ToLower(f)] = f
	}
	return m
}()

func known(name string) bool {
	_, ok := headerNames[strings.ToLower(strings.TrimSpace(name))]
	return ok
}

// Read parses an address-book file by the batch files' rules (encodings,
// delimiter; core/csvtext): a header naming entry fields in any order and
// letter case, then one entry per line; lines without any value are
// skipped; values are normalized (Address.Normalized) and a cell the export
// wrote as text ('+41 ...) reads as its value. A file that cannot be read,
// or holds more than MaxImportRows entries, is refused as a whole.
func Read(data []byte) ([]Row, error) {
	r, header, err := csvtext.Open(data, MaxBytes, known)
	if err != nil {
		return nil, err
	}
	cols, err := columnsOf(header)
	if err != nil {
		return nil, err
	}
	var rows []Row
	err = csvtext.Records(r, func(record []string, line int) error {
		var a Address
		empty := true
		for i, v := range record {
			v = export.Plain(strings.TrimSpace(v))
			if v == "" {
				continue
			}
			empty = false
			if i >= len(cols) || cols[i] == "" {
				return failure.New(failure.Invalid, "error.csv.rowTooLong", "line", strconv.Itoa(line))
			}
			a.Set(cols[i], v)
		}
		if empty {
			return nil
		}
		if len(rows) == MaxImportRows {
			return tooMany(r, len(rows)+1)
		}
		rows = append(rows, Row{Line: line, Address: a.Normalized()})
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, failure.New(failure.Invalid, csvtext.KeyHeaderOnly)
	}
	return rows, nil
}

// tooMany counts the rest of the file's entries for the refusal's message.
func tooMany(r *csv.Reader, counted int) error {
	for {
		record, err := r.Read()
		if err != nil {
			break
		}
		if strings.TrimSpace(strings.Join(record, "")) != "" {
			counted++
		}
	}
	return failure.New(failure.Invalid, KeyTooManyRows, "rows", strconv.Itoa(counted), "maxRows", strconv.Itoa(MaxImportRows))
}

// columnsOf maps the header's positions to field names; an empty name is a
// position whose cells must stay empty.
func columnsOf(header []string) ([]string, error) {
	cols := make([]string, len(header))
	seen := map[string]bool{}
	var unknown, duplicate []string
	for i, h := range header {
		h = strings.TrimSpace(h)
		if i == 0 {
			h = strings.TrimPrefix(h, csvtext.BOM)
		}
		if h == "" {
			continue
		}
		f, ok := headerNames[strings.ToLower(h)]
		switch {
		case !ok:
			unknown = append(unknown, h)
		case seen[f]:
			duplicate = append(duplicate, h)
		default:
			seen[f] = true
			cols[i] = f
		}
	}
	if len(unknown) > 0 {
		return nil, failure.New(failure.Invalid, KeyUnknownColumns, "columns", strings.Join(unknown, ", "))
	}
	if len(duplicate) > 0 {
		return nil, failure.New(failure.Invalid, KeyDuplicateColumns, "columns", strings.Join(duplicate, ", "))
	}
	return cols, nil
}

// ValidateRows checks every row and refuses the import when any is not
// valid: KeyValidationErrors with the count of failing rows, the first
// MaxListedRows of them in "rows", and one field error per violation of
// those rows (object "row <line>", the field, the violation's key).
func ValidateRows(rows []Row) error {
	var (
		failing []int
		fields  []failure.FieldViolation
	)
	for _, r := range rows {
		vs := Validate(r.Address)
		if len(vs) == 0 {
			continue
		}
		failing = append(failing, r.Line)
		if len(failing) > MaxListedRows {
			continue
		}
		for _, v := range vs {
			fields = append(fields, failure.FieldViolation{Object: "row " + strconv.Itoa(r.Line), Field: v.Field, Rule: v.Key})
		}
	}
	if len(failing) == 0 {
		return nil
	}
	listed := failing
	if len(listed) > MaxListedRows {
		listed = listed[:MaxListedRows]
	}
	names := make([]string, len(listed))
	for i, l := range listed {
		names[i] = strconv.Itoa(l)
	}
	e := failure.New(failure.Invalid, KeyValidationErrors, "count", strconv.Itoa(len(failing)), "rows", strings.Join(names, ", "))
	e.Entity = Object
	e.Fields = fields
	return e
}

// Distinct drops the rows whose address came before in the file (same
// Fingerprint), keeping the first; it answers the rows kept.
func Distinct(rows []Row) []Row {
	seen := make(map[string]bool, len(rows))
	out := rows[:0:0]
	for _, r := range rows {
		fp := r.Fingerprint()
		if seen[fp] {
			continue
		}
		seen[fp] = true
		out = append(out, r)
	}
	return out
}

// Write is the export of entries: UTF-8 with a byte order mark (so
// spreadsheet programs show umlauts), ';'-delimited, CRLF, the header of
// Fields, one row per entry in the given order, formula-like cells as text
// (core/export). Read reads it back to the same addresses.
func Write(entries []Address) []byte {
	var b bytes.Buffer
	b.WriteString(csvtext.BOM)
	w := csv.NewWriter(&b)
	w.Comma = ';'
	w.UseCRLF = true
	_ = w.Write(Fields)
	for _, e := range entries {
		_ = w.Write(export.Row(e.Values()))
	}
	w.Flush()
	return b.Bytes()
}

// Template is the file GET /web/api/csv-template-docs/address-book answers:
// the export's format with the header and two example rows.
func Template() []byte {
	return Write([]Address{
		{RecipientNumber: "K-1001", Name: "Heidi Muster", Contact: "Empfang", Street: "Bahnhofstrasse", No: "12",
			PostalCode: "8001", City: "Zürich", IsoCountry: "CH", Email: "heidi.muster@example.ch", Mobile: "+41 79 123 45 67"},
		{RecipientNumber: "K-1002", Name: "Café Morgenrot", Street: "Hauptstraße", No: "5", Street2: "Hinterhaus",
			PostalCode: "10115", City: "Berlin", IsoCountry: "DE", Phone: "030 1234567"},
	})
}

// SortByName orders entries as the list does: by name in any letter case, then id.
func SortByName(es []Entry) {
	sort.SliceStable(es, func(i, j int) bool {
		a, b := strings.ToLower(es[i].Name), strings.ToLower(es[j].Name)
		if a != b {
			return a < b
		}
		return es[i].ID < es[j].ID
	})
}
