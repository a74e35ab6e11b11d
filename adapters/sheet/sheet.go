// Package sheet writes rows of text as a CSV or XLSX file (excelize), for
// exports. Cells that would start a formula are written as text
// (core/export).
package sheet

import (
	"bytes"
	"encoding/csv"
	"fmt"

	"github.com/xuri/excelize/v2"

	"parcelportal/core/export"
)

// Content types of the two formats.
const (
	ContentTypeCSV  = "text/csv; charset=utf-8"
	ContentTypeXLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
)

// Formats of Write.
const (
	CSV  = "csv"
	XLSX = "excel"
)

// Writer writes exports.
type Writer struct{}

// Write answers the rows (the first the header) in the format, csv or excel.
func (Writer) Write(format string, rows [][]string) ([]byte, error) {
	safe := make([][]string, len(rows))
	for i, r := range rows {
		safe[i] = export.Row(r)
	}
	var buf bytes.Buffer
	switch format {
	case CSV:
		w := csv.NewWriter(&buf)
		if err := w.WriteAll(safe); err != nil {
			return nil, err
		}
		return buf.Bytes(), nil
	case XLSX:
		f := excelize.NewFile()
		defer f.Close()
		sw, err := f.NewStreamWriter("Sheet1")
		if err != nil {
			return nil, err
		}
		for i, r := range safe {
			cells := make([]any, len(r))
			for k, v := range r {
				cells[k] = v
			}
			cell, _ := excelize.CoordinatesToCellName(1, i+1)
			if err := sw.SetRow(cell, cells); err != nil {
				return nil, err
			}
		}
		if err := sw.Flush(); err != nil {
			return nil, err
		}
		if err := f.Write(&buf); err != nil {
			return nil, err
		}
		return buf.Bytes(), nil
	}
	return nil, fmt.Errorf("sheet: no format %q", format)
}
