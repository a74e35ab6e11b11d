package account

import "testing"

func TestNormalizeIdentifier(t *testing.T) {
	for in, want := range map[string]string{
		"anna":                     "anna",
		" anna":                    "anna",
		"anna ":                    "anna",
		"\tanna\t":                 "anna",
		"\n anna \r\n":             "anna",
		"ANNA":                     "anna",
		"Anna.B":                   "anna.b",
		"\u00a0anna\u3000":         "anna", // no-break and ideographic space
		"\u2003anna\u2009":         "anna", // em and thin space
		"\u200banna\ufeff":         "anna", // zero-width space, byte-order mark
		"ａｎｎａ":                     "anna", // full width
		"Anna@Example.ORG":         "anna@example.org",
		" jürgen@example.org":      "jürgen@example.org",
		"ju\u0308rgen@example.org": "jürgen@example.org", // decomposed ü
		"straße@example.org":       "straße@example.org", // lower case, as Kratos compares
		"an na":                    "an na",              // inner blanks stay: the login rule refuses them
		"   ":                      "",
	} {
		got := NormalizeIdentifier(in)
		if got != want {
			t.Errorf("NormalizeIdentifier(%q) = %q, want %q", in, got, want)
		}
		if again := NormalizeIdentifier(got); again != got {
			t.Errorf("NormalizeIdentifier is not stable on %q: %q", got, again)
		}
	}
}
