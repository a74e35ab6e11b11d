package password

import "strings"

// GeneratedLength is the length of a generated password.
const GeneratedLength = 8

// excludedFromGenerated are characters that break copying into shells, CSV
// files and HTML forms: quotes, backslash, backtick and ampersand.
const excludedFromGenerated = "'\"\\`&"

// GeneratorAlphabet is every character a generated password may contain:
// letters, digits and the symbols that are not excluded.
var GeneratorAlphabet = func() string {
	var b strings.Builder
	for _, set := range []string{"abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "0123456789", symbols} {
		for _, r := range set {
			if !strings.ContainsRune(excludedFromGenerated, r) {
				b.WriteRune(r)
			}
		}
	}
	return b.String()
}()

// Generate builds a password of GeneratedLength from the alphabet, with at
// least one digit and one symbol, picking with pick(n) in [0, n). Callers
// pass a cryptographic source; tests pass a fixed one.
func Generate(pick func(n int) int) string {
	digits, syms := "0123456789", withoutExcluded(symbols)
	out := make([]byte, GeneratedLength)
	for i := range out {
		out[i] = GeneratorAlphabet[pick(len(GeneratorAlphabet))]
	}
	// Guarantee the classes the spec asks for at two distinct positions.
	d := pick(GeneratedLength)
	s := (d + 1 + pick(GeneratedLength-1)) % GeneratedLength
	out[d] = digits[pick(len(digits))]
	out[s] = syms[pick(len(syms))]
	return string(out)
}

func withoutExcluded(set string) string {
	return strings.Map(func(r rune) rune {
		if strings.ContainsRune(excludedFromGenerated, r) {
			return -1
		}
		return r
	}, set)
}
