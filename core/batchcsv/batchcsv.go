// Package batchcsv reads the CSV file of a batch (spec 2 section 3,
// docs/csv-format.md) into shipment drafts. It refuses a file as a whole,
// with a translated reason, when it cannot be read without guessing: a batch
// is stored completely or not at all, and no value of the file is silently
// dropped. Whether the values make sense is shipment.Validate's business.
package batchcsv

import (
	"bytes"
	"encoding/csv"
	"errors"
	"io"
	"strconv"
	"strings"

	"parcelportal/core/batch"
	"parcelportal/core/failure"
	"parcelportal/core/shipment"
)

// MaxBytes is the largest batch file: 2000 rows with order lines fit easily.
const MaxBytes = 10 << 20

// Message keys of unreadable files, translated by the webapp. The
// parameters each key names are listed beside it.
const (
	KeyEmpty            = "error.csv.empty"
	KeyHeaderOnly       = "error.csv.headerOnly"
	KeyBinary           = "error.csv.binary"
	KeyDelimiter        = "error.csv.delimiter"
	KeyTooLarge         = "error.csv.tooLarge"         // {maxMegabytes}
	KeyDuplicateColumns = "error.csv.duplicateColumns" // {columns}
	KeyBrokenQuotes     = "error.csv.brokenQuotes"     // {line}
	KeyUnknownColumns   = "error.csv.unknownColumns"   // {columns}
	KeyUnnamedColumn    = "error.csv.unnamedColumn"    // {column}
	KeyRowTooLong       = "error.csv.rowTooLong"       // {line}
)

// Read parses a whole batch file into one draft per row, in file order. Rows
// without any value are skipped. Failures are *failure.Error values.
func Read(data []byte) ([]shipment.Draft, error) {
	if len(data) > MaxBytes {
		return nil, failure.New(failure.Invalid, KeyTooLarge, "maxMegabytes", strconv.Itoa(MaxBytes>>20))
	}
	text, err := decode(data)
	if err != nil {
		return nil, err
	}
	if strings.TrimSpace(text) == "" {
		return nil, failure.New(failure.Invalid, KeyEmpty)
	}
	comma, err := delimiter(text)
	if err != nil {
		return nil, err
	}
	r := csv.NewReader(strings.NewReader(text))
	r.Comma = comma
	r.FieldsPerRecord = -1
	r.ReuseRecord = true
	header, err := r.Read()
	if err != nil {
		return nil, readFailure(err)
	}
	cols, err := columnsOf(header)
	if err != nil {
		return nil, err
	}
	var drafts []shipment.Draft
	for {
		record, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, readFailure(err)
		}
		line, _ := r.FieldPos(0)
		d, ok, err := cols.draft(record, line)
		if err != nil {
			return nil, err
		}
		if ok {
			drafts = append(drafts, d)
		}
	}
	if len(drafts) == 0 {
		return nil, failure.New(failure.Invalid, KeyHeaderOnly)
	}
	if err := batch.CheckRowCount(len(drafts)); err != nil {
		return nil, err
	}
	return drafts, nil
}

// readFailure turns a parse error of encoding/csv into the failure naming its line.
func readFailure(err error) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		e := failure.New(failure.Invalid, KeyBrokenQuotes, "line", strconv.Itoa(pe.StartLine))
		e.Cause = err
		return e
	}
	e := failure.New(failure.Invalid, KeyBrokenQuotes, "line", "1")
	e.Cause = err
	return e
}

// delimiter picks ';' or ',' by counting both outside quotes in the header
// line. A header without either is a file of another delimiter (a tab, say),
// unless it is a single known column.
func delimiter(text string) (rune, error) {
	header, _, _ := strings.Cut(text, "\n")
	semicolons, commas, inQuotes := 0, 0, false
	for _, c := range header {
		switch {
		case c == '"':
			inQuotes = !inQuotes
		case inQuotes:
		case c == ';':
			semicolons++
		case c == ',':
			commas++
		}
	}
	switch {
	case semicolons > 0 && semicolons >= commas:
		return ';', nil
	case commas > 0:
		return ',', nil
	}
	name := strings.Trim(strings.TrimSpace(header), `"`)
	if _, ok := lookup(name); ok {
		return ';', nil
	}
	return 0, failure.New(failure.Invalid, KeyDelimiter)
}

// hasNUL is the cheapest sign of binary content.
func hasNUL(data []byte) bool { return bytes.IndexByte(data, 0) >= 0 }
