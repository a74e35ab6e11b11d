package document

import (
	"testing"

	"parcelportal/core/failure"
)

func TestValidateAcss(t *testing.T) {
	for _, tc := range []struct {
		name string
		acss Acss
		key  string
	}{
		{"comma csv", Acss{Name: "a", CSV: []byte("zip,street\n10115,Main 1\n")}, ""},
		{"semicolon csv with bom", Acss{Name: "a", CSV: []byte("\xef\xbb\xbfzip;street\r\n10115;\"Main; 1\"\r\n")}, ""},
		{"no name", Acss{CSV: []byte("a,b\n")}, "error.validation"},
		{"no csv", Acss{Name: "a"}, "error.validation"},
		{"binary", Acss{Name: "a", CSV: []byte("PK\x03\x04\x00\x00")}, KeyNotCSV},
		{"not utf-8", Acss{Name: "a", CSV: []byte("a,b\n\xff\xfe\n")}, KeyNotCSV},
		{"broken quotes", Acss{Name: "a", CSV: []byte("a,\"b\n")}, KeyNotCSV},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := ValidateAcss(tc.acss)
			if tc.key == "" && err != nil || tc.key != "" && !failure.HasKey(err, tc.key) {
				t.Fatalf("ValidateAcss() = %v, want %q", err, tc.key)
			}
		})
	}
}
