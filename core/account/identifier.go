package account

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// NormalizeIdentifier is the one form of a login name or e-mail address
// that names an identity: what the sign-in throttle counts under, what the
// identity provider is asked, what registration stores and what a reset
// request is counted under. " anna", "anna\t", "ANNA", "ａｎｎａ" (full
// width) and "anna\u00a0" are all "anna", so no spelling of a login gets a
// bucket of its own while the identity provider signs the same person in.
//
// The steps: Unicode NFKC (compatibility forms such as full-width letters
// and no-break spaces become their plain form), blanks trimmed at both
// ends (every Unicode space, tabs and line breaks, and invisible format
// characters such as the zero-width space and the byte-order mark), then
// lower case. Lower case, not a full case fold: Kratos compares password
// identifiers by Unicode lower case (it stores them so), and a full fold
// (ß to ss) would make an address stored with ß unreachable. Logins are
// ASCII by rule (Checker.Login), so for them both are the same.
func NormalizeIdentifier(identifier string) string {
	s := norm.NFKC.String(identifier)
	s = strings.TrimFunc(s, blank)
	return norm.NFKC.String(strings.ToLower(s))
}

// blank is white space or an invisible format character (Unicode Cf).
func blank(r rune) bool { return unicode.IsSpace(r) || unicode.Is(unicode.Cf, r) }
