// Package xlsx writes spreadsheets with excelize's stream writer, so a
// large export holds one row at a time in memory (excelize keeps the sheet
// in a temporary file past a few megabytes). Texts are written as string
// cells, which a spreadsheet never evaluates (unlike CSV, no quoting of
// formula-like text is needed).
package xlsx

import (
	"fmt"
	"io"
	"time"

	"github.com/xuri/excelize/v2"
)

// DateFormat is the date cells' number format (spec 2 section 9).
const DateFormat = "DD.MM.YYYY"

// Sheet writes one worksheet named Report.
type Sheet struct{}

// Write writes the header row and the rows rows yields: strings as text,
// float64 as numbers, time.Time as date cells (DD.MM.YYYY; a zero time is
// an empty cell).
func (Sheet) Write(w io.Writer, header []string, rows func(yield func([]any) error) error) (err error) {
	f := excelize.NewFile()
	defer func() {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}()
	const name = "Report"
	if err := f.SetSheetName("Sheet1", name); err != nil {
		return err
	}
	format := DateFormat
	dateStyle, err := f.NewStyle(&excelize.Style{CustomNumFmt: &format})
	if err != nil {
		return err
	}
	bold, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}})
	if err != nil {
		return err
	}
	sw, err := f.NewStreamWriter(name)
	if err != nil {
		return err
	}
	head := make([]any, len(header))
	for i, h := range header {
		head[i] = excelize.Cell{StyleID: bold, Value: h}
	}
	if err := sw.SetRow("A1", head); err != nil {
		return err
	}
	line := 1
	err = rows(func(values []any) error {
		line++
		cells := make([]any, len(values))
		for i, v := range values {
			switch v := v.(type) {
			case time.Time:
				if v.IsZero() {
					cells[i] = nil
				} else {
					cells[i] = excelize.Cell{StyleID: dateStyle, Value: v}
				}
			case string:
				cells[i] = v
			case float64, int, int64:
				cells[i] = v
			default:
				return fmt.Errorf("xlsx: cell of type %T", v)
			}
		}
		cell, err := excelize.CoordinatesToCellName(1, line)
		if err != nil {
			return err
		}
		return sw.SetRow(cell, cells)
	})
	if err != nil {
		return err
	}
	if err := sw.Flush(); err != nil {
		return err
	}
	_, err = f.WriteTo(w)
	return err
}
