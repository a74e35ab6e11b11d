package web_test

import (
	"io"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"parcelportal/adapters/web"
)

func TestSPA(t *testing.T) {
	dir := t.TempDir()
	must(t, os.MkdirAll(filepath.Join(dir, "assets"), 0o755))
	must(t, os.WriteFile(filepath.Join(dir, "index.html"), []byte("<app>"), 0o644))
	must(t, os.WriteFile(filepath.Join(dir, "assets", "app-123.js"), []byte("js"), 0o644))
	spa := web.SPA{Dir: dir}

	cases := []struct {
		method, path string
		code         int
		body         string
	}{
		{"GET", "/", 200, "<app>"},
		{"GET", "/batch/42", 200, "<app>"},
		{"GET", "/assets/app-123.js", 200, "js"},
		{"GET", "/media/missing.mp4", 404, ""},
		{"GET", "/assets/missing-1.js", 404, ""},
		{"GET", "/favicon.ico", 404, ""},
		{"GET", "/account/activate/3f1c.flow-1.123456", 200, "<app>"},
		{"GET", "/account/reset/finish/flow.123456", 200, "<app>"},
		{"GET", "/../../etc/passwd", 400, ""}, // ServeFile refuses ".." outright
		{"POST", "/batch", 404, ""},
	}
	for _, c := range cases {
		rec := httptest.NewRecorder()
		spa.ServeHTTP(rec, httptest.NewRequest(c.method, c.path, nil))
		body, _ := io.ReadAll(rec.Body)
		if rec.Code != c.code || (c.body != "" && string(body) != c.body) {
			t.Errorf("%s %s = %d %q, want %d %q", c.method, c.path, rec.Code, body, c.code, c.body)
		}
	}
	rec := httptest.NewRecorder()
	spa.ServeHTTP(rec, httptest.NewRequest("GET", "/assets/app-123.js", nil))
	if rec.Header().Get("Cache-Control") != "public, max-age=31536000, immutable" {
		t.Errorf("fingerprinted assets are not cached: %q", rec.Header().Get("Cache-Control"))
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
