package rpc

import (
	"net/http"
	"strings"

	"google.golang.org/genproto/googleapis/api/annotations"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/core/access"
	"parcelportal/core/account"
)

// The contract's closed sets (proto/portal/v1/vocabulary.proto) name their
// values exactly as core spells them, so a core value maps to its enum value
// by name. The zero value (UNSPECIFIED) is core's "": not given on a request,
// not known in an answer. vocabulary_test.go fails when a core value has no
// enum value.

// enumValue is a generated enum: a number with a name.
type enumValue interface {
	~int32
	String() string
}

// enumOf is the enum value named s (values is the generated name-to-number
// map, such as portalv1.LabelType_value); 0 (unspecified) for "" or a name
// the contract does not know.
func enumOf[E ~int32](values map[string]int32, s string) E {
	if s == "" {
		return 0
	}
	return E(values[s])
}

// nameOf is the core value of an enum value; "" for the zero value.
func nameOf[E enumValue](e E) string {
	if e == 0 {
		return ""
	}
	return e.String()
}

func labelTypeToProto(s string) portalv1.LabelType {
	return enumOf[portalv1.LabelType](portalv1.LabelType_value, s)
}

func apiClientToProto(s string) portalv1.ApiClient_Value {
	return enumOf[portalv1.ApiClient_Value](portalv1.ApiClient_Value_value, s)
}

func manifestTypeToProto(s string) portalv1.ManifestType {
	return enumOf[portalv1.ManifestType](portalv1.ManifestType_value, s)
}

func manifestTypesToProto(types []string) []portalv1.ManifestType {
	out := make([]portalv1.ManifestType, len(types))
	for i, t := range types {
		out[i] = manifestTypeToProto(t)
	}
	return out
}

func activationStatusToProto(s account.Status) portalv1.ActivationStatus_Value {
	return enumOf[portalv1.ActivationStatus_Value](portalv1.ActivationStatus_Value_value, string(s))
}

// rolesToProto names the roles; a role the contract does not know (none
// today: vocabulary_test.go) would be left out rather than sent as
// ROLE_UNSPECIFIED.
func rolesToProto(roles []access.Role) []portalv1.Role {
	out := make([]portalv1.Role, 0, len(roles))
	for _, r := range roles {
		if p := enumOf[portalv1.Role](portalv1.Role_value, string(r)); p != 0 {
			out = append(out, p)
		}
	}
	return out
}

func rolesFromProto(roles []portalv1.Role) []access.Role {
	var out []access.Role
	for _, r := range roles {
		out = append(out, access.Role(nameOf(r)))
	}
	return out
}

// descending tells whether a list is sorted downwards.
func descending(d portalv1.SortDirection) bool { return d == portalv1.SortDirection_DESC }

// sortDirections lets REST clients send a sort direction as the spec's
// Spring API took it, asc or desc in any case (?direction=desc), although
// the contract names the values ASC and DESC: on a GET route whose request
// has a SortDirection field, that parameter's value is upper-cased before
// the transcoder reads it. Other parameters named direction (the traffic
// downloads' request or response) are not touched.
func sortDirections(services []string, next http.Handler) http.Handler {
	var routes []listRoute
	for _, name := range services {
		d, err := protoregistry.GlobalFiles.FindDescriptorByName(protoreflect.FullName(name))
		sd, ok := d.(protoreflect.ServiceDescriptor)
		if err != nil || !ok {
			continue
		}
		methods := sd.Methods()
		for i := range methods.Len() {
			if r, ok := sortDirectionRouteOf(methods.Get(i)); ok {
				routes = append(routes, r)
			}
		}
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet && r.URL.RawQuery != "" {
			if route, ok := matchRoute(routes, r.Method, r.URL.Path); ok {
				query := r.URL.Query()
				changed := false
				for name, values := range query {
					if !route.lists[name] {
						continue
					}
					for i, v := range values {
						if up := sortDirectionParam(v); up != v {
							values[i], changed = up, true
						}
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

// sortDirectionParam is a direction parameter as the contract names it: the
// name upper-cased; a value that names no direction becomes a number no
// value has, so that the request's rules refuse it as a field error
// (direction, pattern) as they refused the string, instead of the
// transcoder failing to read the query.
func sortDirectionParam(v string) string {
	up := strings.ToUpper(strings.TrimSpace(v))
	if up == "" {
		// direction= is "not given", as it was when the field was a string.
		return portalv1.SortDirection_SORT_DIRECTION_UNSPECIFIED.String()
	}
	if _, ok := portalv1.SortDirection_value[up]; ok && up != portalv1.SortDirection_SORT_DIRECTION_UNSPECIFIED.String() {
		return up
	}
	return unknownSortDirection
}

// unknownSortDirection is the number no SortDirection has.
const unknownSortDirection = "-1"

// sortDirectionRouteOf reads a GET route and the query names of its
// request's SortDirection fields (kept in listRoute.lists).
func sortDirectionRouteOf(md protoreflect.MethodDescriptor) (listRoute, bool) {
	rule, _ := proto.GetExtension(md.Options(), annotations.E_Http).(*annotations.HttpRule)
	path := rule.GetGet()
	if path == "" {
		return listRoute{}, false
	}
	names := map[string]bool{}
	fields := md.Input().Fields()
	sortDirection := portalv1.SortDirection(0).Descriptor().FullName()
	for i := range fields.Len() {
		f := fields.Get(i)
		if f.Kind() == protoreflect.EnumKind && f.Enum().FullName() == sortDirection {
			names[f.JSONName()], names[string(f.Name())] = true, true
		}
	}
	if len(names) == 0 {
		return listRoute{}, false
	}
	segments := strings.Split(strings.Trim(path, "/"), "/")
	for i, s := range segments {
		if strings.HasPrefix(s, "{") {
			segments[i] = ""
		}
	}
	return listRoute{method: http.MethodGet, segments: segments, lists: names}, true
}
