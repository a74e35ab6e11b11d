package xlsx

import (
	"bytes"

	"github.com/xuri/excelize/v2"

	"parcelportal/core/batchcsv"
)

// Template writes the batch template: one sheet named batchcsv.SheetName
// with the header and the example row, every column formatted as text so
// that postal codes typed in keep their leading zeros.
func (Workbook) Template(header, example []string) ([]byte, error) {
	f := excelize.NewFile()
	defer func() { _ = f.Close() }()
	if err := f.SetSheetName(f.GetSheetName(0), batchcsv.SheetName); err != nil {
		return nil, err
	}
	text, err := f.NewStyle(&excelize.Style{NumFmt: 49})
	if err != nil {
		return nil, err
	}
	last, err := excelize.ColumnNumberToName(max(len(header), 1))
	if err != nil {
		return nil, err
	}
	if err := f.SetColStyle(batchcsv.SheetName, "A:"+last, text); err != nil {
		return nil, err
	}
	for r, row := range [][]string{header, example} {
		cells := make([]any, len(row))
		for i, v := range row {
			cells[i] = v
		}
		if err := f.SetSheetRow(batchcsv.SheetName, "A"+string(rune('1'+r)), &cells); err != nil {
			return nil, err
		}
	}
	var b bytes.Buffer
	if err := f.Write(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
