package customsdoc

import (
	"strings"
	"testing"

	"parcelportal/core/failure"
)

func TestCheckSelection(t *testing.T) {
	if ids, err := CheckSelection([]int64{3, 1, 3, 0, -2}); err != nil || len(ids) != 2 || ids[0] != 3 || ids[1] != 1 {
		t.Errorf("repeats and invalid ids = %v, %v", ids, err)
	}
	if _, err := CheckSelection(nil); !failure.HasKey(err, KeyNoneSelected) {
		t.Errorf("none = %v", err)
	}
	many := make([]int64, MaxBulk+1)
	for i := range many {
		many[i] = int64(i + 1)
	}
	if _, err := CheckSelection(many); !failure.HasKey(err, KeyTooMany) {
		t.Errorf("too many = %v", err)
	}
	if _, err := CheckSelection(many[:MaxBulk]); err != nil {
		t.Errorf("the most = %v", err)
	}
	if err := CheckBulkSize(MaxBulkBytes + 1); !failure.HasKey(err, KeyTooLarge) {
		t.Errorf("too large = %v", err)
	}
}

func TestCheckUpload(t *testing.T) {
	pdf := []byte("%PDF-1.7")
	for _, c := range []struct {
		name string
		data []byte
		want string
		key  string
	}{
		{"scan.pdf", pdf, "scan.pdf", ""},
		{`C:\docs\scan`, pdf, "scan.pdf", ""},
		{"../../etc/passwd", pdf, "passwd.pdf", ""},
		{"a\"b;c\x00.PDF", pdf, "abc.PDF", ""},
		{"invoice\u202efdp.exe.pdf", pdf, "invoicefdp.exe.pdf", ""},
		{"\u2066scan\u2069\u200e.pdf", pdf, "scan.pdf", ""},
		{"  ", pdf, "", KeyFilename},
		{"..", pdf, "", KeyFilename},
		{strings.Repeat("x", MaxFilename+1), pdf, "", KeyFilename},
		{"scan.pdf", []byte("<html>"), "", KeyFileType},
		{"scan.pdf", nil, "", KeyFileSize},
		{"scan.pdf", append([]byte("%PDF-"), make([]byte, MaxUploadBytes)...), "", KeyFileSize},
	} {
		got, err := CheckUpload(c.name, c.data)
		if c.key != "" && !failure.HasKey(err, c.key) || c.key == "" && (err != nil || got != c.want) {
			t.Errorf("CheckUpload(%q) = %q, %v; want %q %s", c.name, got, err, c.want, c.key)
		}
	}
}

func TestZipNamesAreDistinct(t *testing.T) {
	got := ZipNames([]Document{{ID: 1, Filename: "a.pdf"}, {ID: 2, Filename: "a.pdf"}, {ID: 3, Filename: ""}, {ID: 4, Filename: "x/b.pdf"}})
	want := []string{"a.pdf", "a-2.pdf", "document.pdf", "b.pdf"}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("ZipNames = %v, want %v", got, want)
	}
}
