package document

import (
	"bytes"
	"encoding/csv"
	"errors"
	"io"
	"strings"
	"time"
	"unicode/utf8"

	"parcelportal/core/failure"
)

// Acss is an address-correction CSV file of a tenant.
type Acss struct {
	ID          int64
	Name        string
	Description string
	CSV         []byte
	FileName    string
	CreatedAt   time.Time
	Active      bool
	TenantID    int64
	TenantName  string
}

// ValidateAcss checks an acss file: name and CSV are required, and the CSV
// must be text that parses as CSV.
func ValidateAcss(a Acss) error {
	var v []failure.FieldViolation
	if strings.TrimSpace(a.Name) == "" {
		v = append(v, failure.FieldViolation{Object: "acss", Field: "name", Rule: RuleRequired})
	}
	if len(a.CSV) == 0 {
		v = append(v, failure.FieldViolation{Object: "acss", Field: "csv", Rule: RuleRequired})
	}
	if len(v) > 0 {
		return failure.InvalidFields(v...)
	}
	if len(a.CSV) > MaxBytes {
		return tooLarge("acss", "csv")
	}
	return CheckCSV(a.CSV)
}

// CheckCSV accepts UTF-8 text without control bytes (other than tab, CR
// and LF) that parses as CSV with a comma or semicolon separator.
func CheckCSV(data []byte) error {
	notCSV := &failure.Error{Kind: failure.Invalid, Key: KeyNotCSV, Entity: "acss",
		Fields: []failure.FieldViolation{{Object: "acss", Field: "csv", Rule: RuleNotCSV}}}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if !utf8.Valid(data) {
		return notCSV
	}
	for _, b := range data {
		if b < 0x20 && b != '\t' && b != '\n' && b != '\r' {
			return notCSV
		}
	}
	sep := ','
	if first, _, _ := bytes.Cut(data, []byte("\n")); bytes.Count(first, []byte(";")) > bytes.Count(first, []byte(",")) {
		sep = ';'
	}
	r := csv.NewReader(bytes.NewReader(data))
	r.Comma = sep
	r.FieldsPerRecord = -1
	for {
		_, err := r.Read()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			notCSV.Cause = err
			return notCSV
		}
	}
}
