package batchcsvtest

import (
	"bytes"
	"encoding/csv"
	"testing"
)

// Edit returns a ';'-delimited batch file with extra (empty) columns added
// and cells changed: edit(row, column) answers a cell's new value, or ok
// false to keep it. Rows count from 1.
func Edit(t testing.TB, file []byte, edit func(row int, column string) (string, bool), extra ...string) []byte {
	t.Helper()
	r := csv.NewReader(bytes.NewReader(file))
	r.Comma = ';'
	records, err := r.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	records[0] = append(records[0], extra...)
	for i := 1; i < len(records); i++ {
		records[i] = append(records[i], make([]string, len(extra))...)
	}
	for i := 1; i < len(records); i++ {
		for j, column := range records[0] {
			if v, ok := edit(i, column); ok {
				records[i][j] = v
			}
		}
	}
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.Comma = ';'
	if err := w.WriteAll(records); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}
