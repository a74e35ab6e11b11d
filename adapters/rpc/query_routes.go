package rpc

import (
	"net/http"
	"strings"

	"google.golang.org/genproto/googleapis/api/annotations"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
)

// restRoute is a REST route: its method and path segments, "" for a path
// variable. The facade's request rewrites (commaLists, enumQueries,
// plainStreams) find a request's route with it before the transcoder reads
// the request.
type restRoute struct {
	method   string
	segments []string
}

// restRouteOf reads a method's REST route; false for a method without one.
func restRouteOf(md protoreflect.MethodDescriptor) (restRoute, bool) {
	rule, _ := proto.GetExtension(md.Options(), annotations.E_Http).(*annotations.HttpRule)
	if rule == nil {
		return restRoute{}, false
	}
	var method, path string
	for _, verb := range []struct{ method, path string }{
		{http.MethodGet, rule.GetGet()}, {http.MethodPost, rule.GetPost()}, {http.MethodPut, rule.GetPut()},
		{http.MethodPatch, rule.GetPatch()}, {http.MethodDelete, rule.GetDelete()},
	} {
		if verb.path != "" {
			method, path = verb.method, verb.path
			break
		}
	}
	if path == "" {
		return restRoute{}, false
	}
	segments := strings.Split(strings.Trim(path, "/"), "/")
	for i, s := range segments {
		if strings.HasPrefix(s, "{") {
			segments[i] = ""
		}
	}
	return restRoute{method: method, segments: segments}, true
}

// queryRouteOf reads a method's GET or DELETE route, whose request fields
// come from the query; false for any other.
func queryRouteOf(md protoreflect.MethodDescriptor) (restRoute, bool) {
	r, ok := restRouteOf(md)
	return r, ok && (r.method == http.MethodGet || r.method == http.MethodDelete)
}

// matches: the same method and segments, a path variable matching any one segment.
func (q restRoute) matches(method, path string) bool {
	segments := strings.Split(strings.Trim(path, "/"), "/")
	if q.method != method || len(q.segments) != len(segments) {
		return false
	}
	for i, s := range q.segments {
		if s != "" && s != segments[i] {
			return false
		}
	}
	return true
}

// routesOf reads the routes of every method of the services that routeOf
// accepts.
func routesOf[R any](services []string, routeOf func(protoreflect.MethodDescriptor) (R, bool)) []R {
	var routes []R
	for _, name := range services {
		d, err := protoregistry.GlobalFiles.FindDescriptorByName(protoreflect.FullName(name))
		sd, ok := d.(protoreflect.ServiceDescriptor)
		if err != nil || !ok {
			continue
		}
		methods := sd.Methods()
		for i := range methods.Len() {
			if r, ok := routeOf(methods.Get(i)); ok {
				routes = append(routes, r)
			}
		}
	}
	return routes
}

// findRoute is the route of a request, if any.
func findRoute[R interface{ matches(string, string) bool }](routes []R, method, path string) (R, bool) {
	for _, r := range routes {
		if r.matches(method, path) {
			return r, true
		}
	}
	var none R
	return none, false
}
