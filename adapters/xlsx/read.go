package xlsx

import (
	"bytes"
	"strings"

	"github.com/xuri/excelize/v2"

	"parcelportal/core/batch"
	"parcelportal/core/batchcsv"
	"parcelportal/core/failure"
)

// Unpacked limits of a workbook upload. A 10 MB .xlsx of 2000 rows unpacks
// to a few tens of MB; a zip bomb is refused before it fills the memory.
const (
	maxUnzipped    = 128 << 20
	maxUnzippedXML = 64 << 20
)

// Workbook reads the batch sheet of an uploaded workbook.
type Workbook struct{}

// Rows answers the header and the rows of the workbook's batch sheet: the
// visible sheet named like the template's (batchcsv.SheetName, any case),
// else the first visible one. Each cell is the text the spreadsheet shows
// (its number format applied: a postal code formatted 00000 keeps its
// leading zero, a date reads as formatted); a formula gives the value the
// spreadsheet saved with it and is never evaluated; a merged range gives
// its value in its first cell only. Hidden sheets are never read. A file
// that is no workbook is batchcsv.KeyNotWorkbook; more rows than a batch
// may have are refused, holding no more than a batch's rows meanwhile.
func (Workbook) Rows(data []byte) ([]string, []batchcsv.Row, error) {
	f, err := excelize.OpenReader(bytes.NewReader(data), excelize.Options{UnzipSizeLimit: maxUnzipped, UnzipXMLSizeLimit: maxUnzippedXML})
	if err != nil {
		return nil, nil, notWorkbook(err)
	}
	defer f.Close()
	sheet, ok := batchSheet(f)
	if !ok {
		return nil, nil, failure.New(failure.Invalid, batchcsv.KeyEmpty)
	}
	rows, err := f.Rows(sheet)
	if err != nil {
		return nil, nil, notWorkbook(err)
	}
	defer rows.Close()
	var header []string
	var out []batchcsv.Row
	counted := 0
	for line := 1; rows.Next(); line++ {
		cells, err := rows.Columns()
		if err != nil {
			return nil, nil, notWorkbook(err)
		}
		if header == nil {
			// The header is the first row with a value.
			if !blank(cells) {
				header = cells
			}
			continue
		}
		// Rows only formatted, with no value, are left out as a CSV's
		// empty lines are; past the row limit the rest is only counted,
		// for the refusal's figure, and not kept.
		if blank(cells) {
			continue
		}
		if counted++; counted > batch.MaxRows {
			continue
		}
		out = append(out, batchcsv.Row{Line: line, Cells: cells})
	}
	if err := rows.Error(); err != nil {
		return nil, nil, notWorkbook(err)
	}
	if header == nil {
		return nil, nil, failure.New(failure.Invalid, batchcsv.KeyEmpty)
	}
	if err := batch.CheckRowCount(counted); err != nil {
		return nil, nil, err
	}
	return header, out, nil
}

// batchSheet is the sheet the batch is on.
func batchSheet(f *excelize.File) (string, bool) {
	var visible []string
	for _, name := range f.GetSheetList() {
		if shown, err := f.GetSheetVisible(name); err == nil && shown {
			visible = append(visible, name)
		}
	}
	for _, name := range visible {
		if strings.EqualFold(strings.TrimSpace(name), batchcsv.SheetName) {
			return name, true
		}
	}
	if len(visible) == 0 {
		return "", false
	}
	return visible[0], true
}

func notWorkbook(cause error) error {
	e := failure.New(failure.Invalid, batchcsv.KeyNotWorkbook)
	e.Cause = cause
	return e
}

func blank(cells []string) bool {
	for _, c := range cells {
		if strings.TrimSpace(c) != "" {
			return false
		}
	}
	return true
}
