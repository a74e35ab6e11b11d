package shipment

import (
	"strconv"
	"strings"
)

// parseNumber reads a decimal written with a comma or a point ("1,5" or
// "1.5"). Thousands separators are refused: "1.234" would mean 1234 to a
// German and 1.234 to an English reader, and a parcel weight must not depend
// on who reads it.
func parseNumber(s string) (float64, bool) {
	if s == "" || strings.Count(s, ",")+strings.Count(s, ".") > 1 {
		return 0, false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
		case (c == ',' || c == '.') && i > 0 && i < len(s)-1:
		case c == '-' && i == 0 && len(s) > 1:
		default:
			return 0, false
		}
	}
	if i := strings.IndexByte(s, ','); i >= 0 {
		var buf [32]byte
		if len(s) > len(buf) {
			return 0, false
		}
		b := append(buf[:0], s...)
		b[i] = '.'
		f, err := strconv.ParseFloat(string(b), 64)
		return f, err == nil
	}
	f, err := strconv.ParseFloat(s, 64)
	return f, err == nil
}

// parseInteger reads a whole number of digits.
func parseInteger(s string) (int, bool) {
	if s == "" || len(s) > 9 {
		return 0, false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
	}
	n, err := strconv.Atoi(s)
	return n, err == nil
}
