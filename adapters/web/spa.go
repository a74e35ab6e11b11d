// Package web serves the built React app: files as they are, and index.html
// for every other route so that the browser's router can show the page.
package web

import (
	"net/http"
	"os"
	"path"
	"path/filepath"
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
		http.ServeFile(w, r, name)
		return
	}
	if path.Ext(r.URL.Path) != "" {
		// A missing file is missing; only routes of the app get its page.
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Cache-Control", "no-cache")
	http.ServeFile(w, r, filepath.Join(s.Dir, "index.html"))
}
