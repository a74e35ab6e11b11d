package rpc

import (
	"net/http"

	"google.golang.org/protobuf/reflect/protoreflect"
)

// plainStreams works around the REST transcoder (vanguard 0.4.0): to a
// client that accepts gzip it answers a server stream of
// google.api.HttpBody with "Content-Encoding: gzip" but writes the pieces
// as they are, so the client cannot read the body. On a REST request to a
// streaming route Accept-Encoding is dropped and the answer is plain; the
// one such stream is a zip, which gzip would not shrink anyway. Connect and
// gRPC clients compress each message themselves and are left alone.
func plainStreams(services []string, next http.Handler) http.Handler {
	routes := routesOf(services, streamRouteOf)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Accept-Encoding") != "" {
			if _, ok := findRoute(routes, r.Method, r.URL.Path); ok {
				r = r.Clone(r.Context())
				r.Header.Del("Accept-Encoding")
			}
		}
		next.ServeHTTP(w, r)
	})
}

// streamRouteOf reads the REST route of a method that streams its answer.
func streamRouteOf(md protoreflect.MethodDescriptor) (restRoute, bool) {
	if !md.IsStreamingServer() {
		return restRoute{}, false
	}
	return restRouteOf(md)
}
