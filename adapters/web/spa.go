// Package web serves the built React app: files as they are (gzipped when
// the build wrote a gzipped copy and the browser accepts it), and index.html
// for every other route so that the browser's router can show the page.
package web

import (
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
)

// SPA serves the webapp built into dir.
type SPA struct{ Dir string }

func (s SPA) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		http.NotFound(w, r)
		return
	}
	name := filepath.Join(s.Dir, filepath.FromSlash(path.Clean("/"+r.URL.Path)))
	if info, err := os.Stat(name); err == nil && !info.IsDir() {
		if strings.HasPrefix(r.URL.Path, "/assets/") {
			// Vite fingerprints asset names, so they never change.
			w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
		}
		serveFile(w, r, name)
		return
	}
	if isStaticPath(r.URL.Path) {
		// A missing file is missing; only routes of the app get its page.
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Cache-Control", "no-cache")
	serveFile(w, r, filepath.Join(s.Dir, "index.html"))
}

// serveFile sends the file, or the gzipped copy the build wrote beside it
// (name.gz, webapp/scripts/precompress.ts) when the browser accepts gzip:
// /login's JavaScript is 617 KB as written and 193 KB gzipped.
func serveFile(w http.ResponseWriter, r *http.Request, name string) {
	gz, err := os.Open(name + ".gz")
	if err != nil {
		http.ServeFile(w, r, name)
		return
	}
	defer gz.Close()
	// Caches keep the two forms apart.
	w.Header().Add("Vary", "Accept-Encoding")
	info, err := gz.Stat()
	if err != nil || !AcceptsGzip(r) {
		http.ServeFile(w, r, name)
		return
	}
	w.Header().Set("Content-Encoding", "gzip")
	if ctype := mime.TypeByExtension(filepath.Ext(name)); ctype != "" {
		w.Header().Set("Content-Type", ctype)
	}
	http.ServeContent(w, r, name, info.ModTime(), gz)
}

// AcceptsGzip reads the request's Accept-Encoding: gzip with a weight above
// zero, or, when gzip is not named, * with a weight above zero.
func AcceptsGzip(r *http.Request) bool {
	gzip, star := -1.0, -1.0
	for _, value := range r.Header.Values("Accept-Encoding") {
		for _, part := range strings.Split(value, ",") {
			coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
			weight := 1.0
			if q, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
				if w, err := strconv.ParseFloat(q, 64); err == nil {
					weight = w
				} else {
					weight = 0
				}
			}
			switch strings.ToLower(strings.TrimSpace(coding)) {
			case "gzip", "x-gzip":
				gzip = weight
			case "*":
				star = weight
			}
		}
	}
	if gzip >= 0 {
		return gzip > 0
	}
	return star > 0
}

// isStaticPath tells files from routes: files live under /assets/ and
// /media/ or at the top level with an extension (/favicon.ico). Routes may
// carry dots too, such as the key in /account/activate/{key}.
func isStaticPath(p string) bool {
	if strings.HasPrefix(p, "/assets/") || strings.HasPrefix(p, "/media/") {
		return true
	}
	return strings.Count(p, "/") == 1 && path.Ext(p) != ""
}
