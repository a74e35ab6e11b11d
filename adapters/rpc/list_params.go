package rpc

import (
	"net/http"
	"strings"

	"google.golang.org/protobuf/reflect/protoreflect"
)

// listRoute is a REST route whose request message has repeated scalar
// fields taken from the query: the path's segments ("" for a path
// variable) and the query names (JSON and proto) of those fields.
type listRoute struct {
	restRoute
	lists map[string]bool
}

// commaLists lets REST clients send a list parameter the way the spec's
// Spring API took it, comma-separated (?shipmentIds=144,143,125), as well as
// repeated (?shipmentIds=144&shipmentIds=143): on a route whose request has
// repeated fields in the query, a value of such a parameter is split at its
// commas before the transcoder reads it. Singular parameters are left as
// they come, commas and all.
func commaLists(services []string, next http.Handler) http.Handler {
	routes := routesOf(services, listRouteOf)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if q := r.URL.RawQuery; strings.Contains(q, ",") || strings.Contains(strings.ToUpper(q), "%2C") {
			if route, ok := findRoute(routes, r.Method, r.URL.Path); ok {
				query := r.URL.Query()
				changed := false
				for name, values := range query {
					if !route.lists[name] {
						continue
					}
					var split []string
					for _, v := range values {
						split = append(split, strings.Split(v, ",")...)
					}
					if len(split) != len(values) {
						query[name], changed = split, true
					}
				}
				if changed {
					r = r.Clone(r.Context())
					r.URL.RawQuery = query.Encode()
				}
			}
		}
		next.ServeHTTP(w, r)
	})
}

// listRouteOf reads a method's REST route (GET or DELETE, whose fields come
// from the query) and the repeated scalar fields of its request.
func listRouteOf(md protoreflect.MethodDescriptor) (listRoute, bool) {
	route, ok := queryRouteOf(md)
	if !ok {
		return listRoute{}, false
	}
	lists := map[string]bool{}
	fields := md.Input().Fields()
	for i := range fields.Len() {
		f := fields.Get(i)
		if f.IsList() && f.Kind() != protoreflect.MessageKind && f.Kind() != protoreflect.GroupKind {
			lists[f.JSONName()], lists[string(f.Name())] = true, true
		}
	}
	if len(lists) == 0 {
		return listRoute{}, false
	}
	return listRoute{restRoute: route, lists: lists}, true
}
