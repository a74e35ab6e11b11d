// Package filename cleans the names users give their files, once, before
// any is stored: every upload (batches, documents, acss files, customs
// documents, inquiry attachments) goes through Clean.
package filename

import (
	"strings"
	"unicode"
)

// Clean keeps the last element of a path (some clients send one), without
// control characters, Unicode's bidirectional controls or line separators,
// trimmed. A name shown as "invoiceexe.pdf" but stored as
// "invoice\u202efdp.exe" (a right-to-left override) comes out as
// "invoicefdp.exe", which is what it is. "." and ".." come out empty;
// callers name an empty result themselves.
func Clean(name string) string {
	name = strings.ReplaceAll(name, `\`, "/")
	name = Visible(name[strings.LastIndex(name, "/")+1:])
	name = strings.TrimSpace(name)
	if name == "." || name == ".." {
		return ""
	}
	return name
}

// Visible is name without the characters Hidden tells, path and all: for
// a caller that refuses a path in a name rather than keep its last part.
func Visible(name string) string {
	return strings.Map(func(r rune) rune {
		if Hidden(r) {
			return -1
		}
		return r
	}, name)
}

// Hidden tells the characters Clean drops: control characters (C0, DEL,
// C1), the bidirectional embeddings, overrides, isolates and marks
// (U+202A-U+202E, U+2066-U+2069, U+200E, U+200F, U+061C), the line and
// paragraph separators, the byte order mark and the replacement of an
// invalid byte.
func Hidden(r rune) bool {
	switch {
	case unicode.IsControl(r):
		return true
	case r >= 0x202A && r <= 0x202E, r >= 0x2066 && r <= 0x2069:
		return true
	}
	switch r {
	case 0x200E, 0x200F, 0x061C, 0x2028, 0x2029, 0xFEFF, unicode.ReplacementChar:
		return true
	}
	return false
}
