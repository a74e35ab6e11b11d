package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"parcelportal/adapters/memory"
	"parcelportal/adapters/rpc"
	"parcelportal/adapters/web"
	"parcelportal/app/management"
	"parcelportal/core/reference"
)

// Every response, of the webapp and of the API, successful or not, carries
// the browser's protections.
func TestEveryResponseCarriesTheSecurityHeaders(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "assets"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, content := range map[string]string{"index.html": "<div id=root></div>", "assets/app-1.js": "export {}"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	handler, err := portalHandler(rpc.Handlers{
		Management: rpc.ManagementHandler{Queries: management.Queries{Catalogs: memory.NewCatalog(reference.Standard())}},
		Callers:    bearers{},
	}, dir)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(handler)
	t.Cleanup(srv.Close)

	want := map[string]string{
		"Content-Security-Policy": web.ContentSecurityPolicy,
		"X-Content-Type-Options":  "nosniff",
		"Referrer-Policy":         "same-origin",
		"X-Frame-Options":         "SAMEORIGIN",
	}
	for _, c := range []struct {
		method, path, contentType, body string
		status                          int
	}{
		{"GET", "/", "", "", 200},
		{"GET", "/batch/42", "", "", 200},
		{"GET", "/assets/app-1.js", "", "", 200},
		{"GET", "/assets/missing.js", "", "", 404},
		{"GET", "/management/info", "", "", 200},
		{"GET", "/management/health", "", "", 200},
		{"GET", "/api-docs/portal.openapi.yaml", "", "", 200},
		{"GET", "/web/api/nothing-here", "", "", 404},
		{"POST", "/web/api/batches", "application/json", "{}", 401},
		{"POST", "/portal.v1.ManagementService/GetVersion", "application/json", "{}", 200},
		{"POST", "/portal.v1.BatchService/CreateBatch", "application/json", "{}", 401},
	} {
		req, _ := http.NewRequest(c.method, srv.URL+c.path, strings.NewReader(c.body))
		if c.contentType != "" {
			req.Header.Set("Content-Type", c.contentType)
		}
		rsp, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, rsp.Body)
		rsp.Body.Close()
		if rsp.StatusCode != c.status {
			t.Errorf("%s %s = %d, want %d", c.method, c.path, rsp.StatusCode, c.status)
		}
		for name, value := range want {
			if got := rsp.Header.Get(name); got != value {
				t.Errorf("%s %s: %s = %q, want %q", c.method, c.path, name, got, value)
			}
		}
	}
	if !strings.Contains(web.ContentSecurityPolicy, "frame-ancestors 'self'") || strings.Contains(web.ContentSecurityPolicy, "'unsafe-eval'") ||
		strings.Contains(strings.Split(web.ContentSecurityPolicy, "style-src")[0], "unsafe-inline") {
		t.Errorf("policy = %s", web.ContentSecurityPolicy)
	}
}
