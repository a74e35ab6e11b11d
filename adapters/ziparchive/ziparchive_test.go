package ziparchive_test

import (
	"archive/zip"
	"bytes"
	"io"
	"testing"

	"parcelportal/adapters/ziparchive"
)

func TestZipHoldsEveryDocumentUnderItsName(t *testing.T) {
	var buf bytes.Buffer
	contents := [][]byte{[]byte("%PDF-one"), []byte("%PDF-two")}
	err := ziparchive.Writer{}.Zip(&buf, []string{"a.pdf", "b.pdf"}, func(write func([]byte) error) error {
		for _, c := range contents {
			if err := write(c); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	r, err := zip.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	if err != nil || len(r.File) != 2 {
		t.Fatalf("zip = %v, %v", r, err)
	}
	for i, f := range r.File {
		rc, _ := f.Open()
		got, _ := io.ReadAll(rc)
		rc.Close()
		if f.Name != []string{"a.pdf", "b.pdf"}[i] || !bytes.Equal(got, contents[i]) {
			t.Errorf("entry %d = %s %q", i, f.Name, got)
		}
	}
}

func TestZipRefusesContentsThatDoNotMatchTheNames(t *testing.T) {
	one := func(write func([]byte) error) error { return write([]byte("x")) }
	if err := (ziparchive.Writer{}).Zip(io.Discard, []string{"a", "b"}, one); err == nil {
		t.Error("fewer contents than names: no error")
	}
	two := func(write func([]byte) error) error {
		_ = write([]byte("x"))
		return write([]byte("y"))
	}
	if err := (ziparchive.Writer{}).Zip(io.Discard, []string{"a"}, two); err == nil {
		t.Error("more contents than names: no error")
	}
}
