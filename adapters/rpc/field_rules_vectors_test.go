package rpc

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"buf.build/gen/go/bufbuild/protovalidate/protocolbuffers/go/buf/validate"
	"connectrpc.com/connect"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
	"google.golang.org/protobuf/types/dynamicpb"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
)

// The browser checks the same protovalidate rules as this server, from the
// same descriptors (@bufbuild/protovalidate in webapp/src/components/form/
// fieldRules.ts). This test writes, for every field rule of the request
// messages below, a good value and the bad values at the rule's edges, with
// the fields this server refuses and the rule key it answers, into
// testdata/validation/field_rules.json; fieldRules.test.ts feeds the same
// inputs to the browser's validator and expects the same fields refused.
// The file is committed: this test fails when it is stale (regenerate it
// with UPDATE_VECTORS=1 go test ./adapters/rpc -run FieldRuleVectors).

// vectorFiles are the services whose request messages are checked: those
// whose rules the browser checks (webapp/src/gen/rules, buf.gen.yaml).
var vectorFiles = []string{
	"portal/v1/account.proto", "portal/v1/address_book.proto", "portal/v1/users.proto", "portal/v1/user_data.proto",
	"portal/v1/inquiries.proto", "portal/v1/reports.proto",
}

// vectorMessages are the messages of those files, other than requests, that
// the browser checks by themselves: the address book's entry form checks
// AddressBookEntry, whose rules are core/addressbook's
// (TestAddressBookEntryRulesAreCores holds the two alike).
var vectorMessages = map[protoreflect.FullName]bool{"portal.v1.AddressBookEntry": true}

const vectorPath = "../../testdata/validation/field_rules.json"

type fieldRuleVector struct {
	Name    string            `json:"name"`
	Message string            `json:"message"`
	Input   json.RawMessage   `json:"input"`
	Refused map[string]string `json:"refused"`
}

func TestFieldRuleVectors(t *testing.T) {
	v, err := newValidation()
	if err != nil {
		t.Fatal(err)
	}
	var vectors []fieldRuleVector
	for _, path := range vectorFiles {
		fd, err := protoregistry.GlobalFiles.FindFileByPath(path)
		if err != nil {
			t.Fatal(err)
		}
		for i := range fd.Messages().Len() {
			md := fd.Messages().Get(i)
			if !strings.HasSuffix(string(md.Name()), "Request") && !vectorMessages[md.FullName()] {
				continue
			}
			for _, c := range ruleCases(md) {
				vectors = append(vectors, fieldRuleVector{Name: c.name, Message: string(md.FullName()), Input: marshalVector(t, c.msg), Refused: refusedFields(t, v, c.msg)})
			}
		}
	}
	// Each rule kind gives a good case (nothing refused) and bad ones.
	bad := 0
	for _, vec := range vectors {
		if len(vec.Refused) > 0 {
			bad++
		}
	}
	if len(vectors) < 60 || bad < 30 {
		t.Fatalf("only %d vectors, %d of them bad", len(vectors), bad)
	}
	got, err := json.MarshalIndent(vectors, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	if os.Getenv("UPDATE_VECTORS") != "" {
		if err := os.WriteFile(vectorPath, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(vectorPath)
	if err != nil || !bytes.Equal(want, got) {
		t.Fatalf("%s is stale (%v): regenerate it with UPDATE_VECTORS=1 go test ./adapters/rpc -run FieldRuleVectors", vectorPath, err)
	}
}

func marshalVector(t *testing.T, m proto.Message) json.RawMessage {
	t.Helper()
	b, err := protojson.MarshalOptions{UseEnumNumbers: true}.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	var doc any
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	out, err := json.Marshal(shortRuns(doc))
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// shortRuns writes a long string of one repeated character, as the length
// edges make them, as {"$repeat": "ä", "count": 4000}, so the file stays
// small, and a long list of one item as {"$repeatItem": "1", "count": 2000};
// fieldRules.test.ts expands them again.
func shortRuns(v any) any {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			v[k] = shortRuns(x)
		}
	case []any:
		if len(v) > 16 && scalar(v[0]) && !slices.ContainsFunc(v, func(x any) bool { return !scalar(x) || x != v[0] }) {
			return map[string]any{"$repeatItem": shortRuns(v[0]), "count": len(v)}
		}
		for i, x := range v {
			v[i] = shortRuns(x)
		}
	case string:
		if r := []rune(v); len(r) > 16 && strings.Count(v, string(r[0])) == len(r) {
			return map[string]any{"$repeat": string(r[0]), "count": len(r)}
		}
	}
	return v
}

// refusedFields is what the interceptor answers: field path to rule key.
func refusedFields(t *testing.T, v *validation, m proto.Message) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := v.check(m)
	if err == nil {
		return out
	}
	var ce *connect.Error
	if !errors.As(err, &ce) {
		t.Fatalf("%s: %v", m.ProtoReflect().Descriptor().Name(), err)
	}
	for _, d := range ce.Details() {
		if msg, derr := d.Value(); derr == nil {
			if detail, ok := msg.(*portalv1.ErrorDetail); ok {
				for _, fe := range detail.GetFieldErrors() {
					out[fe.GetField()] = fe.GetMessage()
				}
			}
		}
	}
	return out
}

type ruleCase struct {
	name string
	msg  proto.Message
}

// ruleCases are a valid message (the smallest values every rule accepts)
// and, per field rule, that message with the field at the rule's edges.
func ruleCases(md protoreflect.MessageDescriptor) []ruleCase {
	base := func() protoreflect.Message {
		m := dynamicpb.NewMessage(md)
		fillValid(m)
		return m
	}
	cases := []ruleCase{{name: string(md.Name()) + " valid", msg: base().Interface()}}
	fields := md.Fields()
	for i := range fields.Len() {
		fd := fields.Get(i)
		for _, edge := range edges(fd) {
			m := base()
			edge.set(m)
			cases = append(cases, ruleCase{name: string(md.Name()) + "." + fd.JSONName() + " " + edge.name, msg: m.Interface()})
		}
	}
	return cases
}

type edge struct {
	name string
	set  func(protoreflect.Message)
}

func fieldRules(fd protoreflect.FieldDescriptor) *validate.FieldRules {
	fr, _ := proto.GetExtension(fd.Options(), validate.E_Field).(*validate.FieldRules)
	return fr
}

// fillValid sets every field a rule needs to a value it accepts, and
// nested messages' too.
func fillValid(m protoreflect.Message) {
	fields := m.Descriptor().Fields()
	for i := range fields.Len() {
		fd := fields.Get(i)
		fr := fieldRules(fd)
		switch {
		case fd.IsList():
			n := int(fr.GetRepeated().GetMinItems())
			list := m.Mutable(fd).List()
			for range n {
				list.Append(validScalar(fd, fr.GetRepeated().GetItems()))
			}
		case fd.Kind() == protoreflect.MessageKind && !fd.IsMap():
			if fr.GetRequired() {
				fillValid(m.Mutable(fd).Message())
			}
		case fd.IsMap():
		default:
			if fr.GetRequired() || fr.GetString().GetMinLen() > 0 || celEmail(fr) || fr.GetString().HasPattern() || fr.GetString().GetEmail() ||
				fr.GetInt64().HasGt() || fr.GetInt64().HasGte() || fr.GetInt32().HasGt() || fr.GetInt32().HasGte() || len(fr.GetString().GetIn()) > 0 {
				m.Set(fd, validScalar(fd, fr))
			}
		}
	}
}

// validScalar is the smallest value a field's rules accept.
func validScalar(fd protoreflect.FieldDescriptor, fr *validate.FieldRules) protoreflect.Value {
	switch fd.Kind() {
	case protoreflect.StringKind:
		s := fr.GetString()
		if in := s.GetIn(); len(in) > 0 {
			return protoreflect.ValueOfString(in[0])
		}
		if s.GetEmail() || celEmail(fr) {
			return protoreflect.ValueOfString("a@example.org")
		}
		if s.HasPattern() {
			return protoreflect.ValueOfString(patternExample(s.GetPattern()))
		}
		return protoreflect.ValueOfString(strings.Repeat("a", int(max(1, s.GetMinLen()))))
	case protoreflect.Int64Kind:
		r := fr.GetInt64()
		return protoreflect.ValueOfInt64(max(1, r.GetGte(), r.GetGt()+1))
	case protoreflect.Int32Kind:
		r := fr.GetInt32()
		return protoreflect.ValueOfInt32(max(1, r.GetGte(), r.GetGt()+1))
	case protoreflect.EnumKind:
		return protoreflect.ValueOfEnum(fd.Enum().Values().Get(min(1, fd.Enum().Values().Len()-1)).Number())
	case protoreflect.BoolKind:
		return protoreflect.ValueOfBool(true)
	case protoreflect.MessageKind:
		m := dynamicpb.NewMessage(fd.Message())
		fillValid(m)
		return protoreflect.ValueOfMessage(m)
	}
	return fd.Default()
}

// patternExamples are values the portal's patterns accept, and a value
// each refuses.
var patternExamples = map[string][2]string{
	"^[a-zA-Z0-9!$&*+=?^_`{|}~.-]+$": {"anna.b-1", "anna b"},
	`^\s*([aA][tT]|[bB][eE]|[dD][kK]|[dD][eE]|[iI][tT]|[nN][lL]|[eE][sS]|[sS][eE])[0-9]{8}\s*$`: {" de12345678", "FR12345678"},
}

// celEmail says whether a field states the e-mail rule as CEL (the
// portal's name@domain.tld, which protovalidate's own email rule is not).
func celEmail(fr *validate.FieldRules) bool {
	return slices.ContainsFunc(fr.GetCel(), func(r *validate.Rule) bool { return r.GetId() == "email" })
}

func patternExample(pattern string) string {
	if s, ok := patternExamples[pattern]; ok {
		return s[0]
	}
	return "a"
}

// edges are the values at a field's rules' limits: the last accepted and
// the first refused.
func edges(fd protoreflect.FieldDescriptor) []edge {
	fr := fieldRules(fd)
	if fr == nil {
		return nil
	}
	var out []edge
	setString := func(s string) func(protoreflect.Message) {
		return func(m protoreflect.Message) { m.Set(fd, protoreflect.ValueOfString(s)) }
	}
	if fr.GetRequired() && !fd.IsList() && fd.Kind() != protoreflect.MessageKind {
		out = append(out, edge{"empty", func(m protoreflect.Message) { m.Clear(fd) }})
	}
	if fd.IsList() {
		r := fr.GetRepeated()
		items := func(n int) func(protoreflect.Message) {
			return func(m protoreflect.Message) {
				m.Clear(fd)
				list := m.Mutable(fd).List()
				for range n {
					list.Append(validScalar(fd, r.GetItems()))
				}
			}
		}
		if r.HasMaxItems() {
			out = append(out, edge{"at max items", items(int(r.GetMaxItems()))}, edge{"over max items", items(int(r.GetMaxItems()) + 1)})
		}
		if r.GetMinItems() > 0 {
			out = append(out, edge{"under min items", items(int(r.GetMinItems()) - 1)})
		}
		if r.GetItems().GetInt64().HasGt() {
			out = append(out, edge{"an item at gt", func(m protoreflect.Message) {
				items(max(1, int(r.GetMinItems())))(m)
				m.Mutable(fd).List().Set(0, protoreflect.ValueOfInt64(r.GetItems().GetInt64().GetGt()))
			}})
		}
		return out
	}
	switch fd.Kind() {
	case protoreflect.StringKind:
		s := fr.GetString()
		if s.HasMaxLen() {
			n := int(s.GetMaxLen())
			// "ä" is one character but two bytes: lengths count characters.
			out = append(out, edge{"at max len", setString(strings.Repeat("ä", n))}, edge{"over max len", setString(strings.Repeat("a", n+1))})
		}
		if s.GetMinLen() > 1 {
			out = append(out, edge{"under min len", setString(strings.Repeat("a", int(s.GetMinLen())-1))})
		}
		if s.GetEmail() || celEmail(fr) {
			out = append(out, edge{"no e-mail", setString("anna@")}, edge{"no e-mail", setString("anna@example")},
				edge{"an e-mail", setString("anna@example.org")})
		}
		if ex, ok := patternExamples[s.GetPattern()]; ok {
			out = append(out, edge{"matching", setString(ex[0])}, edge{"not matching", setString(ex[1])})
		} else if s.HasPattern() {
			out = append(out, edge{"a pattern without examples", func(protoreflect.Message) { panic("add " + s.GetPattern() + " to patternExamples") }})
		}
	case protoreflect.EnumKind:
		if fr.GetEnum().GetDefinedOnly() {
			out = append(out,
				edge{"unspecified", func(m protoreflect.Message) { m.Set(fd, protoreflect.ValueOfEnum(0)) }},
				edge{"undefined", func(m protoreflect.Message) { m.Set(fd, protoreflect.ValueOfEnum(99)) }})
		}
	case protoreflect.DoubleKind:
		r := fr.GetDouble()
		set := func(f float64) func(protoreflect.Message) {
			return func(m protoreflect.Message) { m.Set(fd, protoreflect.ValueOfFloat64(f)) }
		}
		if r.HasGte() {
			out = append(out, edge{"at gte", set(r.GetGte())}, edge{"under gte", set(r.GetGte() - 0.01)})
		}
		if r.HasLte() {
			out = append(out, edge{"at lte", set(r.GetLte())}, edge{"over lte", set(r.GetLte() + 1)})
		}
	case protoreflect.Int64Kind, protoreflect.Int32Kind:
		var gt, lte int64
		var hasGt, hasLte bool
		if fd.Kind() == protoreflect.Int64Kind {
			r := fr.GetInt64()
			gt, hasGt, lte, hasLte = r.GetGt(), r.HasGt(), r.GetLte(), r.HasLte()
			if r.HasGte() {
				gt, hasGt = r.GetGte()-1, true
			}
		} else {
			r := fr.GetInt32()
			gt, hasGt, lte, hasLte = int64(r.GetGt()), r.HasGt(), int64(r.GetLte()), r.HasLte()
			if r.HasGte() {
				gt, hasGt = int64(r.GetGte())-1, true
			}
		}
		set := func(n int64) func(protoreflect.Message) {
			return func(m protoreflect.Message) {
				if fd.Kind() == protoreflect.Int64Kind {
					m.Set(fd, protoreflect.ValueOfInt64(n))
				} else {
					m.Set(fd, protoreflect.ValueOfInt32(int32(n)))
				}
			}
		}
		if hasGt {
			out = append(out, edge{"at the lower bound", set(gt + 1)}, edge{"under the lower bound", set(gt)})
		}
		if hasLte {
			out = append(out, edge{"at the upper bound", set(lte)}, edge{"over the upper bound", set(lte + 1)})
		}
	case protoreflect.BytesKind:
		if r := fr.GetBytes(); r.HasMaxLen() && r.GetMaxLen() <= 1<<16 {
			n := int(r.GetMaxLen())
			out = append(out, edge{"over max len", func(m protoreflect.Message) { m.Set(fd, protoreflect.ValueOfBytes(make([]byte, n+1))) }})
		}
	case protoreflect.MessageKind:
		// A nested message's own rules: the first of its fields with an edge, bad.
		sub := fd.Message()
		for i := range sub.Fields().Len() {
			inner := sub.Fields().Get(i)
			for _, e := range edges(inner) {
				if strings.HasPrefix(e.name, "over") || strings.HasPrefix(e.name, "under") || e.name == "empty" || e.name == "undefined" || e.name == "no e-mail" {
					out = append(out, edge{inner.JSONName() + " " + e.name, func(m protoreflect.Message) {
						nested := m.Mutable(fd).Message()
						fillValid(nested)
						e.set(nested)
					}})
				}
			}
		}
	}
	return slices.Clip(out)
}

func scalar(v any) bool {
	switch v.(type) {
	case string, float64, bool:
		return true
	}
	return false
}
