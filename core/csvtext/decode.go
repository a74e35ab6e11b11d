package csvtext

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"parcelportal/core/failure"
)

// BOM is the UTF-8 byte order mark spreadsheet programs need to read a
// file as UTF-8.
const BOM = "\uFEFF"

// Decode returns the file as text. UTF-8 is taken as it is (without its byte
// order mark); a file that is not valid UTF-8 is Windows-1252, which is what
// spreadsheet programs on Windows write. Content with NUL bytes or many
// control characters is not text.
func Decode(data []byte) (string, error) {
	if hasNUL(data) || controlHeavy(data) {
		return "", failure.New(failure.Invalid, KeyBinary)
	}
	// A byte order mark says UTF-8 even when rows appended later are not.
	data = bytes.TrimPrefix(data, []byte(BOM))
	if utf8.Valid(data) {
		return string(data), nil
	}
	return decodeWindows1252(data), nil
}

// controlHeavy reports whether more than one in a hundred of the first 64 KB
// are control characters that text files do not contain.
func controlHeavy(data []byte) bool {
	if len(data) > 64<<10 {
		data = data[:64<<10]
	}
	controls := 0
	for _, b := range data {
		if b < 0x20 && b != '\t' && b != '\n' && b != '\r' && b != '\f' {
			controls++
		}
	}
	return controls > 0 && controls*100 >= len(data)
}

// windows1252 maps the bytes 0x80-0x9F, where Windows-1252 differs from
// Latin-1; the five bytes it leaves undefined keep their Latin-1 (C1
// control) meaning, as browsers decode them.
var windows1252 = [32]rune{
	'€', 0x81, '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', 0x8D, 'Ž', 0x8F,
	0x90, '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', 0x9D, 'ž', 'Ÿ',
}

func decodeWindows1252(data []byte) string {
	var b strings.Builder
	b.Grow(len(data) + len(data)/8)
	for _, c := range data {
		switch {
		case c < 0x80:
			b.WriteByte(c)
		case c < 0xA0:
			b.WriteRune(windows1252[c-0x80])
		default:
			b.WriteRune(rune(c))
		}
	}
	return b.String()
}

// hasNUL is the cheapest sign of binary content.
func hasNUL(data []byte) bool { return bytes.IndexByte(data, 0) >= 0 }
