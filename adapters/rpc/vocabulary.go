package rpc

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"

	"google.golang.org/protobuf/reflect/protoreflect"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/core/access"
	"parcelportal/core/account"
	"parcelportal/core/health"
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

func apiClientToProto(s string) portalv1.ApiClient {
	return enumOf[portalv1.ApiClient](portalv1.ApiClient_value, s)
}

// healthStatusToProto names core/health's UP and DOWN as the contract's enum.
func healthStatusToProto(s health.Status) portalv1.HealthStatus {
	return enumOf[portalv1.HealthStatus](portalv1.HealthStatus_value, string(s))
}

func shipmentSourceToProto(s string) portalv1.ShipmentSource {
	return enumOf[portalv1.ShipmentSource](portalv1.ShipmentSource_value, s)
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

func fulltrackVersionToProto(s string) portalv1.FulltrackVersion {
	return enumOf[portalv1.FulltrackVersion](portalv1.FulltrackVersion_value, s)
}

func activationStatusToProto(s account.Status) portalv1.ActivationStatus {
	return enumOf[portalv1.ActivationStatus](portalv1.ActivationStatus_value, string(s))
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

// trafficKindOf names a side of the SOAP traffic as core reads it (request,
// response). The requests' enum rule refuses no kind and a value the
// contract does not name; should one pass, it reaches core as "" or its
// number, which core refuses with error.batch.trafficKind.
func trafficKindOf(k portalv1.TrafficKind) string {
	if k == portalv1.TrafficKind_TRAFFIC_KIND_UNSPECIFIED {
		return ""
	}
	return strings.ToLower(k.String())
}

// descending tells whether a list is sorted downwards.
func descending(d portalv1.SortDirection) bool { return d == portalv1.SortDirection_DESC }

// enumQueries reads the enum parameters of REST queries (GET and DELETE
// routes) the way the spec's Spring API read the strings they replace: a
// value names an enum value in any case (direction=asc, manifestFilter=
// not_manifested), an empty value is "not given" (the zero value), and a
// value that names none becomes a number no value has, which the handler
// passes on as an unknown value so core refuses it with its own message key
// (error.parcel.filter), or protovalidate's enum.defined_only with a field
// error (direction), as when the fields were strings. Without this the
// transcoder would answer a bare 400 for an unknown name.
func enumQueries(services []string, next http.Handler) http.Handler {
	routes := routesOf(services, enumRouteOf)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.RawQuery != "" {
			if route, ok := findRoute(routes, r.Method, r.URL.Path); ok {
				query := r.URL.Query()
				changed := false
				for name, values := range query {
					enum, ok := route.enums[name]
					if !ok {
						continue
					}
					for i, v := range values {
						if canonical := enumName(enum, v); canonical != v {
							values[i], changed = canonical, true
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

// unknownEnumValue is the number no enum value of the contract has.
const unknownEnumValue = -1

// enumName is the value's name as the enum spells it, matched in any case;
// the zero value's name for ""; unknownEnumValue for a name the enum does
// not have. A number is left as it is.
func enumName(enum protoreflect.EnumDescriptor, v string) string {
	s := strings.TrimSpace(v)
	if s == "" {
		return string(enum.Values().ByNumber(0).Name())
	}
	if _, err := strconv.ParseInt(s, 10, 32); err == nil {
		return s
	}
	if ev := enumValueNamed(enum, s); ev != nil {
		return string(ev.Name())
	}
	return strconv.Itoa(unknownEnumValue)
}

// enumValueNamed finds a value by its name, exactly or else ignoring case.
func enumValueNamed(enum protoreflect.EnumDescriptor, s string) protoreflect.EnumValueDescriptor {
	values := enum.Values()
	if ev := values.ByName(protoreflect.Name(s)); ev != nil {
		return ev
	}
	for i := range values.Len() {
		if strings.EqualFold(string(values.Get(i).Name()), s) {
			return values.Get(i)
		}
	}
	return nil
}

// enumRoute is a REST route whose request has enum fields in the query.
type enumRoute struct {
	restRoute
	enums map[string]protoreflect.EnumDescriptor
}

// enumRouteOf reads a GET or DELETE route and the query names (JSON and
// proto) of its request's singular or repeated enum fields.
func enumRouteOf(md protoreflect.MethodDescriptor) (enumRoute, bool) {
	route, ok := queryRouteOf(md)
	if !ok {
		return enumRoute{}, false
	}
	enums := map[string]protoreflect.EnumDescriptor{}
	fields := md.Input().Fields()
	for i := range fields.Len() {
		if f := fields.Get(i); f.Kind() == protoreflect.EnumKind && !f.IsMap() {
			enums[f.JSONName()], enums[string(f.Name())] = f.Enum(), f.Enum()
		}
	}
	if len(enums) == 0 {
		return enumRoute{}, false
	}
	return enumRoute{restRoute: route, enums: enums}, true
}

// springBodies reads a JSON body the way the spec's Spring API bound it,
// by rewriting it before protojson reads it:
//   - enum values as enumName does for queries: protojson, told to discard
//     unknown fields, would also drop an unknown enum name without a word,
//     and the request would run with the default ("labelType":"Zebra600"
//     labelling as PDF). An unknown name now reaches the handler as an
//     unknown value and is refused; "" stays "not given".
//   - a number where a string is expected ("postalcode": 60313) becomes
//     that string, and "true" or "false" where a boolean is expected the
//     boolean, as Jackson coerces them; protojson would refuse both.
//
// (Numbers in strings for number fields protojson reads itself.) The body
// is left as it came when nothing is to rewrite or it is no JSON object.
func springBodies(data []byte, md protoreflect.MessageDescriptor) []byte {
	if !bytes.Contains(data, []byte(`"`)) {
		return data
	}
	var doc any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if dec.Decode(&doc) != nil || dec.More() {
		return data
	}
	if !rewriteBody(doc, md) {
		return data
	}
	out, err := json.Marshal(doc)
	if err != nil {
		return data
	}
	return out
}

// rewriteBody walks a JSON value as the message md; it reports whether it
// changed anything.
func rewriteBody(doc any, md protoreflect.MessageDescriptor) bool {
	obj, ok := doc.(map[string]any)
	if !ok || md == nil {
		return false
	}
	changed := false
	fields := md.Fields()
	for key, value := range obj {
		f := fields.ByJSONName(key)
		if f == nil {
			f = fields.ByName(protoreflect.Name(key))
		}
		if f == nil {
			continue
		}
		switch {
		case f.IsMap():
			if m, ok := value.(map[string]any); ok {
				for k, v := range m {
					if nv, c := rewriteValue(v, f.MapValue()); c {
						m[k], changed = nv, true
					}
				}
			}
		case f.IsList():
			if list, ok := value.([]any); ok {
				for i, v := range list {
					if nv, c := rewriteValue(v, f); c {
						list[i], changed = nv, true
					}
				}
			}
		default:
			if nv, c := rewriteValue(value, f); c {
				obj[key], changed = nv, true
			}
		}
	}
	return changed
}

func rewriteValue(v any, f protoreflect.FieldDescriptor) (any, bool) {
	switch f.Kind() {
	case protoreflect.EnumKind:
		s, ok := v.(string)
		if !ok || f.Enum().FullName() == "google.protobuf.NullValue" {
			return v, false
		}
		name := enumName(f.Enum(), s)
		// A number is a JSON number to protojson; in a string it is no name.
		if n, err := strconv.ParseInt(name, 10, 32); err == nil {
			return json.Number(strconv.FormatInt(n, 10)), true
		}
		return name, name != s
	case protoreflect.StringKind:
		if n, ok := v.(json.Number); ok {
			return n.String(), true
		}
	case protoreflect.BoolKind:
		if s, ok := v.(string); ok && (s == "true" || s == "false") {
			return s == "true", true
		}
	case protoreflect.MessageKind, protoreflect.GroupKind:
		return v, rewriteBody(v, f.Message())
	}
	return v, false
}

// given is an answer's optional enum field: nil, so the JSON leaves the
// field out, when the value is the zero one (core's "": not known, or not
// for this caller), so that an integrator never reads "*_UNSPECIFIED"
// where the spec's API answered "" before. Answers declare such fields
// proto3 optional (issue 23).
func given[E ~int32](e E) *E {
	if e == 0 {
		return nil
	}
	return &e
}
