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
	if isStaticPath(r.URL.Path) {
		// A missing file is missing; only routes of the app get its page.
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Cache-Control", "no-cache")
	http.ServeFile(w, r, filepath.Join(s.Dir, "index.html"))
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
