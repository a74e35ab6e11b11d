// Package export prepares values for the files the portal writes for
// spreadsheets (CSV, XLSX). A cell that starts like a formula would be run
// by the spreadsheet program of whoever opens the file (CSV injection:
// =HYPERLINK(...), =cmd|'/c calc'!A1, @SUM(...)); every export passes its
// cells through Cell, so such a value shows as the text it is.
package export

import "regexp"

// formulaStarts are the first characters that make a spreadsheet read a
// cell as a formula, and the tab and carriage return that some of them skip
// before looking (OWASP, CSV injection).
const formulaStarts = "=+-@\t\r"

// plainNumber is a number a spreadsheet reads as one, such as -12 or -3,50:
// it stays as it is, since a negative amount is no formula.
var plainNumber = regexp.MustCompile(`^-?[0-9]+([.,][0-9]+)?$`)

// Cell returns s so that a spreadsheet shows it as text: a value starting
// with =, +, -, @, tab or carriage return gets a leading apostrophe, which
// spreadsheets show as text and do not evaluate. Plain numbers and
// everything else are returned unchanged.
func Cell(s string) string {
	if s == "" || !isFormulaStart(s[0]) || plainNumber.MatchString(s) {
		return s
	}
	return "'" + s
}

// Row applies Cell to every value of a row, in a new slice.
func Row(cells []string) []string {
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = Cell(c)
	}
	return out
}

func isFormulaStart(b byte) bool {
	for i := range len(formulaStarts) {
		if formulaStarts[i] == b {
			return true
		}
	}
	return false
}

// Plain undoes Cell for a value read back from a file the portal wrote: a
// leading apostrophe before a formula start is dropped, so an exported
// "'+41 44 123 45 67" imports as the phone number it was. Any other value is
// returned unchanged.
func Plain(s string) string {
	if len(s) > 1 && s[0] == '\'' && isFormulaStart(s[1]) {
		return s[1:]
	}
	return s
}
