package web_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
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

func TestSPASendsTheGzippedCopyToBrowsersThatAcceptIt(t *testing.T) {
	dir := t.TempDir()
	must(t, os.MkdirAll(filepath.Join(dir, "assets"), 0o755))
	script := strings.Repeat("console.log('portal');\n", 200)
	must(t, os.WriteFile(filepath.Join(dir, "assets", "app-123.js"), []byte(script), 0o644))
	must(t, os.WriteFile(filepath.Join(dir, "assets", "app-123.js.gz"), gzipped(t, script), 0o644))
	must(t, os.WriteFile(filepath.Join(dir, "index.html"), []byte("<app>"), 0o644))
	must(t, os.WriteFile(filepath.Join(dir, "index.html.gz"), gzipped(t, "<app>"), 0o644))
	spa := web.SPA{Dir: dir}

	cases := []struct {
		path, accept string
		gzipped      bool
		want         string
	}{
		{"/assets/app-123.js", "gzip, deflate, br", true, script},
		{"/assets/app-123.js", "br;q=1.0, GZIP;q=0.5", true, script},
		{"/assets/app-123.js", "*", true, script},
		{"/assets/app-123.js", "", false, script},
		{"/assets/app-123.js", "deflate, br", false, script},
		{"/assets/app-123.js", "gzip;q=0", false, script},
		{"/assets/app-123.js", "gzip;q=0, *", false, script},
		{"/assets/app-123.js", "gzip;q=nonsense", false, script},
		{"/batch/42", "gzip", true, "<app>"},
	}
	for _, c := range cases {
		req := httptest.NewRequest("GET", c.path, nil)
		if c.accept != "" {
			req.Header.Set("Accept-Encoding", c.accept)
		}
		rec := httptest.NewRecorder()
		spa.ServeHTTP(rec, req)
		body := rec.Body.Bytes()
		if c.gzipped {
			if rec.Header().Get("Content-Encoding") != "gzip" {
				t.Errorf("%s with %q: Content-Encoding %q, want gzip", c.path, c.accept, rec.Header().Get("Content-Encoding"))
				continue
			}
			zr, err := gzip.NewReader(bytes.NewReader(body))
			must(t, err)
			body, err = io.ReadAll(zr)
			must(t, err)
		} else if rec.Header().Get("Content-Encoding") != "" {
			t.Errorf("%s with %q: Content-Encoding %q, want none", c.path, c.accept, rec.Header().Get("Content-Encoding"))
		}
		if rec.Code != 200 || string(body) != c.want {
			t.Errorf("%s with %q = %d, %d bytes", c.path, c.accept, rec.Code, len(body))
		}
		if !strings.Contains(rec.Header().Get("Content-Type"), "javascript") && strings.HasSuffix(c.path, ".js") {
			t.Errorf("%s with %q: Content-Type %q", c.path, c.accept, rec.Header().Get("Content-Type"))
		}
		if rec.Header().Get("Vary") != "Accept-Encoding" {
			t.Errorf("%s with %q: Vary %q, want Accept-Encoding", c.path, c.accept, rec.Header().Get("Vary"))
		}
	}
}

func gzipped(t *testing.T, s string) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	_, err := zw.Write([]byte(s))
	must(t, err)
	must(t, zw.Close())
	return b.Bytes()
}
