package main

import (
	"bytes"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestTheBarFillsWithTheShipmentsDone(t *testing.T) {
	for _, tc := range []struct {
		done, total int
		want        string
	}{
		{0, 200, "[..............................] 0/200 SENDING"},
		{100, 200, "[###############...............] 100/200 SENDING"},
		{200, 200, "[##############################] 200/200 SENDING"},
		{0, 0, "[..............................] 0/0 SENDING"},
	} {
		if got := line("SENDING", tc.done, tc.total); got != tc.want {
			t.Errorf("line(%d, %d) = %q", tc.done, tc.total, got)
		}
	}
}

func TestProgressWritesALineOnlyWhenTheFiguresChange(t *testing.T) {
	var b bytes.Buffer
	p := &progress{w: &b}
	p.show("SENDING", 1, 4)
	p.show("SENDING", 1, 4)
	p.show("SENT", 4, 4)
	if n := strings.Count(b.String(), "\n"); n != 2 {
		t.Errorf("%d lines: %q", n, b.String())
	}
}

func TestASavedDownloadStaysInItsFolderWhateverTheServerNamesIt(t *testing.T) {
	dir := t.TempDir()
	var out bytes.Buffer
	for _, disposition := range []string{`attachment; filename="../../etc/passwd"`, `attachment; filename="/tmp/x"`, ""} {
		h := http.Header{}
		if disposition != "" {
			h.Set("Content-Disposition", disposition)
		}
		if err := save(&out, dir, h, []byte("%PDF"), "labels-7"); err != nil {
			t.Fatal(err)
		}
	}
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if strings.Join(names, ",") != "labels-7,passwd,x" {
		t.Errorf("saved %v", names)
	}
	if _, err := os.Stat(filepath.Join(dir, "..", "etc")); err == nil {
		t.Error("a name with .. wrote outside the folder")
	}
}
