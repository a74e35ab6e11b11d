// Package csvtext is what every CSV file the portal reads shares, whatever
// its rows mean (a batch's shipments, an address book's entries): the
// encodings (UTF-8 with or without byte order mark, else Windows-1252), the
// delimiter (';' or ','), a parse error named by its line, and the message
// keys of unreadable files. docs/csv-format.md describes the rules.
package csvtext

import (
	"encoding/csv"
	"errors"
	"io"
	"strconv"
	"strings"

	"parcelportal/core/failure"
)

// Message keys of unreadable files, translated by the webapp. The
// parameters each key names are listed beside it.
const (
	KeyEmpty        = "error.csv.empty"
	KeyHeaderOnly   = "error.csv.headerOnly"
	KeyBinary       = "error.csv.binary"
	KeyDelimiter    = "error.csv.delimiter"
	KeyTooLarge     = "error.csv.tooLarge"     // {maxMegabytes}
	KeyBrokenQuotes = "error.csv.brokenQuotes" // {line}
)

// Text decodes data and checks that it holds something besides white space.
func Text(data []byte) (string, error) {
	text, err := Decode(data)
	if err != nil {
		return "", err
	}
	if strings.TrimSpace(text) == "" {
		return "", failure.New(failure.Invalid, KeyEmpty)
	}
	return text, nil
}

// NewReader reads text with the delimiter its header line uses. known tells
// whether a header cell is a column name of the format, so that a file of a
// single known column (no delimiter at all) is still read.
func NewReader(text string, known func(name string) bool) (*csv.Reader, error) {
	comma, err := Delimiter(text, known)
	if err != nil {
		return nil, err
	}
	r := csv.NewReader(strings.NewReader(text))
	r.Comma = comma
	r.FieldsPerRecord = -1
	r.ReuseRecord = true
	return r, nil
}

// Open reads the file's header: the file no larger than maxBytes, decoded,
// not empty, its delimiter detected (known as for NewReader). The reader
// goes on with the first row after the header.
func Open(data []byte, maxBytes int, known func(name string) bool) (*csv.Reader, []string, error) {
	if len(data) > maxBytes {
		return nil, nil, failure.New(failure.Invalid, KeyTooLarge, "maxMegabytes", strconv.Itoa(maxBytes>>20))
	}
	text, err := Text(data)
	if err != nil {
		return nil, nil, err
	}
	r, err := NewReader(text, known)
	if err != nil {
		return nil, nil, err
	}
	header, err := r.Read()
	if err != nil {
		return nil, nil, ReadFailure(err)
	}
	return r, header, nil
}

// Records reads the rows after the header, calling each with a row and
// its line in the file, until the end of the file, a row that cannot be
// read (ReadFailure) or an error of each.
func Records(r *csv.Reader, each func(record []string, line int) error) error {
	for {
		record, err := r.Read()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return ReadFailure(err)
		}
		line, _ := r.FieldPos(0)
		if err := each(record, line); err != nil {
			return err
		}
	}
}

// ReadFailure turns a parse error of encoding/csv into the failure naming its line.
func ReadFailure(err error) error {
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

// Delimiter picks ';' or ',' by counting both outside quotes in the header
// line. A header without either is a file of another delimiter (a tab, say),
// unless it is a single known column.
func Delimiter(text string, known func(name string) bool) (rune, error) {
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
	if known != nil && known(name) {
		return ';', nil
	}
	return 0, failure.New(failure.Invalid, KeyDelimiter)
}
