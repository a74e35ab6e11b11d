// Package batchcsv reads the CSV file of a batch (spec 2 section 3,
// docs/csv-format.md) into shipment drafts. It refuses a file as a whole,
// with a translated reason, when it cannot be read without guessing: a batch
// is stored completely or not at all, and no value of the file is silently
// dropped. Whether the values make sense is shipment.Validate's business.
package batchcsv

import (
	"bytes"

	"parcelportal/core/batch"
	"parcelportal/core/csvtext"
	"parcelportal/core/failure"
	"parcelportal/core/shipment"
)

// MaxBytes is the largest batch file: 2000 rows with order lines fit easily.
const MaxBytes = 10 << 20

// Message keys of unreadable files, translated by the webapp. The
// parameters each key names are listed beside it. The keys every CSV file
// shares are csvtext's.
const (
	KeyEmpty            = csvtext.KeyEmpty
	KeyHeaderOnly       = csvtext.KeyHeaderOnly
	KeyBinary           = csvtext.KeyBinary
	KeyDelimiter        = csvtext.KeyDelimiter
	KeyTooLarge         = csvtext.KeyTooLarge          // {maxMegabytes}
	KeyDuplicateColumns = "error.csv.duplicateColumns" // {columns}
	KeyBrokenQuotes     = csvtext.KeyBrokenQuotes      // {line}
	KeyUnknownColumns   = "error.csv.unknownColumns"   // {columns}
	KeyUnnamedColumn    = "error.csv.unnamedColumn"    // {column}
	KeyRowTooLong       = "error.csv.rowTooLong"       // {line}
	// KeyNotWorkbook: a file that starts as a workbook but cannot be read as one.
	KeyNotWorkbook = "error.csv.notWorkbook"
)

// SheetName is the name of the batch template's sheet: a workbook's sheet
// of that name holds the batch, else its first visible sheet.
const SheetName = "Shipments"

// Read parses a whole batch file into one draft per row, in file order. Rows
// without any value are skipped. Failures are *failure.Error values.
func Read(data []byte) ([]shipment.Draft, error) {
	r, header, err := csvtext.Open(data, MaxBytes, func(name string) bool { _, ok := lookup(name); return ok })
	if err != nil {
		return nil, err
	}
	return FromRows(header, func(each func(record []string, line int) error) error {
		return csvtext.Records(r, each)
	})
}

// FromRows reads a batch whose header and rows come from elsewhere (a
// workbook's sheet) with the columns, limits and refusals of a CSV file:
// rows calls each with every row after the header and its line.
func FromRows(header []string, rows func(each func(record []string, line int) error) error) ([]shipment.Draft, error) {
	cols, err := columnsOf(header)
	if err != nil {
		return nil, err
	}
	var drafts []shipment.Draft
	err = rows(func(record []string, line int) error {
		d, ok, err := cols.draft(record, line)
		if err != nil {
			return err
		}
		if ok {
			drafts = append(drafts, d)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(drafts) == 0 {
		return nil, failure.New(failure.Invalid, KeyHeaderOnly)
	}
	if err := batch.CheckRowCount(len(drafts)); err != nil {
		return nil, err
	}
	return drafts, nil
}

// Row is a row of a workbook's sheet: its line (1 is the header's) and its
// cells as the spreadsheet shows them.
type Row struct {
	Line  int
	Cells []string
}

// FromSheet reads a batch from a workbook's sheet as FromRows does.
func FromSheet(header []string, rows []Row) ([]shipment.Draft, error) {
	return FromRows(header, func(each func(record []string, line int) error) error {
		for _, r := range rows {
			if err := each(r.Cells, r.Line); err != nil {
				return err
			}
		}
		return nil
	})
}

// IsWorkbook tells an Excel workbook (.xlsx, a zip archive) from a text
// file by its first bytes, whatever its name says.
func IsWorkbook(data []byte) bool {
	return bytes.HasPrefix(data, []byte("PK\x03\x04"))
}
