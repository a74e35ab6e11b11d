package rpc

import (
	"testing"

	"buf.build/gen/go/bufbuild/protovalidate/protocolbuffers/go/buf/validate"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
)

func TestRuleKeys(t *testing.T) {
	for id, want := range map[string]string{
		"required":           "required",
		"int32.gte":          "Size",
		"int32.gte_lte":      "Size",
		"int64.gt":           "Size",
		"string.max_len":     "Size",
		"string.len":         "Size",
		"bytes.max_len":      "Size",
		"repeated.max_items": "Size",
		"string.pattern":     "pattern",
		"string.in":          "pattern",
		"enum.defined_only":  "pattern",
		"string.email":       "email",
	} {
		if got, known := ruleKeyOf(id); got != want || !known {
			t.Errorf("ruleKey(%q) = %q, %t; want %q", id, got, known, want)
		}
	}
}

// Every rule on a portal.v1 message answers a key the webapp translates
// (error.required, error.Size, error.pattern, error.email): a new kind of
// rule needs its key mapped here and translated in the catalogs first.
func TestEveryAnnotatedRuleHasAKnownKey(t *testing.T) {
	rules := 0
	protoregistry.GlobalFiles.RangeFilesByPackage("portal.v1", func(fd protoreflect.FileDescriptor) bool {
		for i := range fd.Messages().Len() {
			md := fd.Messages().Get(i)
			for j := range md.Fields().Len() {
				field := md.Fields().Get(j)
				fr, _ := proto.GetExtension(field.Options(), validate.E_Field).(*validate.FieldRules)
				for _, id := range ruleIDs(fr.ProtoReflect(), "") {
					rules++
					if _, known := ruleKeyOf(id); !known {
						t.Errorf("%s.%s: rule %s has no rule key", md.Name(), field.Name(), id)
					}
				}
			}
			if mr, _ := proto.GetExtension(md.Options(), validate.E_Message).(*validate.MessageRules); len(mr.GetCel()) > 0 || len(mr.GetOneof()) > 0 {
				t.Errorf("%s: message rules have no field to name in a field error", md.Name())
			}
		}
		return true
	})
	if rules < 50 {
		t.Fatalf("only %d rules found", rules)
	}
	_ = portalv1.File_portal_v1_errors_proto
}

// ruleIDs names the rules set in rules as protovalidate's rule ids do:
// "required", "int32.gte", "string.in", "repeated.items.string.max_len" (as
// "string.max_len", the id of the item's violation).
func ruleIDs(m protoreflect.Message, prefix string) []string {
	var out []string
	m.Range(func(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
		name := string(fd.Name())
		switch {
		case fd.Message() != nil && !fd.IsList():
			if name == "items" || name == "keys" || name == "values" {
				out = append(out, ruleIDs(v.Message(), "")...)
			} else {
				out = append(out, ruleIDs(v.Message(), name+".")...)
			}
		case name == "ignore":
		case name == "cel":
			// A CEL rule answers its own id (the e-mail rule is "email").
			for i := range v.List().Len() {
				out = append(out, prefix+v.List().Get(i).Message().Interface().(*validate.Rule).GetId())
			}
		default:
			out = append(out, prefix+name)
		}
		return true
	})
	return out
}
