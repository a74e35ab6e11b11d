package rpc

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"

	"google.golang.org/genproto/googleapis/api/annotations"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	"parcelportal/core/failure"
)

// bodilessWrites reads a POST, PUT or PATCH to a route that declares no
// body (a command such as a batch's _cancel: all it needs is in its path)
// whose body is an empty JSON object or white space as one without a body:
// HTTP clients and API tools send "{}" with every POST, and the transcoder
// answered that 500. Any other body is refused as malformed (400) before
// a handler runs, and changes nothing.
func bodilessWrites(services []string, next http.Handler) http.Handler {
	routes := routesOf(services, bodilessRouteOf)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// routes holds only POST, PUT and PATCH routes.
		if _, ok := findRoute(routes, r.Method, r.URL.Path); r.ContentLength == 0 || !ok {
			next.ServeHTTP(w, r)
			return
		}
		// guardBodies bounds what this reads.
		body, err := io.ReadAll(r.Body)
		if err != nil {
			writeRESTError(w, r, err)
			return
		}
		if !emptyObject(body) {
			writeRESTError(w, r, failure.New(failure.Invalid, KeyMalformedRequest))
			return
		}
		r = r.Clone(r.Context())
		r.Body, r.ContentLength = http.NoBody, 0
		r.Header.Del("Content-Length")
		next.ServeHTTP(w, r)
	})
}

// emptyObject tells whether body is white space or a JSON object without
// members.
func emptyObject(body []byte) bool {
	body = bytes.TrimSpace(body)
	if len(body) == 0 {
		return true
	}
	var members map[string]json.RawMessage
	return body[0] == '{' && json.Unmarshal(body, &members) == nil && len(members) == 0
}

// bodilessRouteOf reads the route of a POST, PUT or PATCH whose rule
// declares no body; false for any other.
func bodilessRouteOf(md protoreflect.MethodDescriptor) (restRoute, bool) {
	route, ok := restRouteOf(md)
	rule, _ := proto.GetExtension(md.Options(), annotations.E_Http).(*annotations.HttpRule)
	if !ok || rule.GetBody() != "" || route.method == http.MethodGet || route.method == http.MethodDelete {
		return restRoute{}, false
	}
	return route, true
}
