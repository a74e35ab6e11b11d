package filename_test

import (
	"testing"

	"parcelportal/core/filename"
)

func TestClean(t *testing.T) {
	for in, want := range map[string]string{
		"invoice\u202efdp.exe":                     "invoicefdp.exe",
		"a\u202ab\u202bc\u202cd\u202de\u202ef.csv": "abcdef.csv",
		"\u2066x\u2067y\u2068z\u2069.pdf":          "xyz.pdf",
		"l\u200er\u200fa\u061cm.csv":               "lram.csv",
		"line\u2028para\u2029.csv":                 "linepara.csv",
		"\ufeffbom.csv":                            "bom.csv",
		"tab\there\r\n.csv":                        "tabhere.csv",
		"del\x7f c1\u0085.csv":                     "del c1.csv",
		`C:\Users\anna\orders.csv`:                 "orders.csv",
		"/etc/passwd":                              "passwd",
		"  spaced.csv  ":                           "spaced.csv",
		"..":                                       "",
		"dir/.":                                    "",
		"Übersicht 2026 (1).xlsx":                  "Übersicht 2026 (1).xlsx",
		"Ünïcødé-日本語.pdf":                          "Ünïcødé-日本語.pdf",
	} {
		if got := filename.Clean(in); got != want {
			t.Errorf("Clean(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestVisibleKeepsThePath(t *testing.T) {
	if got := filename.Visible("../a\u202eb/c\u2066.png"); got != "../ab/c.png" {
		t.Fatalf("Visible = %q", got)
	}
}
