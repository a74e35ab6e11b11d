package rpc

import "net/http"

// bodilessReads forgets the Content-Type of a GET, HEAD or DELETE without a
// body: load tools and some HTTP clients send one (text/plain) on every
// request, and the transcoder answered such reads 415 although there is
// nothing to decode.
func bodilessReads(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		read := r.Method == http.MethodGet || r.Method == http.MethodHead || r.Method == http.MethodDelete
		if read && r.ContentLength <= 0 && r.Header.Get("Content-Type") != "" && r.Header.Get("Transfer-Encoding") == "" {
			r = r.Clone(r.Context())
			r.Header.Del("Content-Type")
		}
		next.ServeHTTP(w, r)
	})
}
