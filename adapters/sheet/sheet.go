// Package sheet writes rows of text as a CSV or XLSX file, for exports.
// Cells that would start a formula are written as text (core/export); the
// workbook is adapters/xlsx's, the one XLSX writer of the portal.
package sheet

import (
	"bytes"
	"encoding/csv"
	"fmt"

	"parcelportal/adapters/xlsx"
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
		err := xlsx.Sheet{}.Write(&buf, safe[0], func(yield func([]any) error) error {
			for _, r := range safe[1:] {
				cells := make([]any, len(r))
				for k, v := range r {
					cells[k] = v
				}
				if err := yield(cells); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		return buf.Bytes(), nil
	}
	return nil, fmt.Errorf("sheet: no format %q", format)
}
