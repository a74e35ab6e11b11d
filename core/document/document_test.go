package document

import (
	"bytes"
	"testing"

	"parcelportal/core/failure"
)

func TestValidate(t *testing.T) {
	for _, tc := range []struct {
		name string
		doc  Doc
		key  string
		n    int
	}{
		{"complete", Doc{Name: "codes", Document: []byte("x")}, "", 0},
		{"no name", Doc{Name: "  ", Document: []byte("x")}, "error.validation", 1},
		{"no document", Doc{Name: "codes"}, "error.validation", 1},
		{"nothing", Doc{}, "error.validation", 2},
		{"too large", Doc{Name: "codes", Document: bytes.Repeat([]byte("a"), MaxBytes+1)}, KeyTooLarge, 1},
		{"at the limit", Doc{Name: "codes", Document: bytes.Repeat([]byte("a"), MaxBytes)}, "", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := Validate(ProductCodes, tc.doc)
			if tc.key == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			e, ok := failure.As(err)
			if !ok || e.Key != tc.key || len(e.Fields) != tc.n || e.Kind != failure.Invalid {
				t.Fatalf("Validate() = %v", err)
			}
		})
	}
}

func TestActiveRules(t *testing.T) {
	active, inactive := Doc{ID: 1, Active: true}, Doc{ID: 2}
	for _, tc := range []struct {
		name string
		err  error
		key  string
	}{
		{"delete active product codes", CheckDelete(ProductCodes, active), KeyActiveNotDeleted},
		{"delete inactive product codes", CheckDelete(ProductCodes, inactive), ""},
		{"delete active csv template", CheckDelete(CSVTemplate, active), ""},
		{"untick active product codes", CheckEdit(ProductCodes, active, inactive), KeyActiveLocked},
		{"tick inactive product codes", CheckEdit(ProductCodes, inactive, active), KeyActiveLocked},
		{"keep product codes flag", CheckEdit(ProductCodes, active, active), ""},
		{"untick csv template", CheckEdit(CSVTemplate, active, inactive), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.key == "" && tc.err != nil || tc.key != "" && !failure.HasKey(tc.err, tc.key) {
				t.Fatalf("got %v, want %q", tc.err, tc.key)
			}
		})
	}
}

func TestActiveOffered(t *testing.T) {
	for _, tc := range []struct {
		kind     Kind
		creating bool
		count    int
		want     bool
	}{
		{CSVTemplate, true, 0, true},
		{CSVTemplate, false, 1, false},
		{CSVTemplate, false, 2, true},
		{ProductCodes, true, 5, true},
		{ProductCodes, false, 5, false},
	} {
		if got := ActiveOffered(tc.kind, tc.creating, tc.count); got != tc.want {
			t.Errorf("ActiveOffered(%s, %v, %d) = %v", tc.kind, tc.creating, tc.count, got)
		}
	}
}

func TestActivatedKeepsOneActive(t *testing.T) {
	docs := []Doc{{ID: 1, Active: true}, {ID: 2}, {ID: 3}}
	got := Activated(docs, Doc{ID: 2, Active: true, Name: "new"})
	if got[0].Active || !got[1].Active || got[2].Active || got[1].Name != "new" {
		t.Fatalf("Activated() = %+v", got)
	}
	got = Activated(docs, Doc{ID: 3, Name: "inactive"})
	if !got[0].Active || got[2].Active || got[2].Name != "inactive" {
		t.Fatalf("an inactive save changes no other document: %+v", got)
	}
}

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
