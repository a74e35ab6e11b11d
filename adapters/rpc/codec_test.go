package rpc

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"

	"connectrpc.com/vanguard"
	"google.golang.org/genproto/googleapis/api/annotations"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
	"google.golang.org/protobuf/types/dynamicpb"

	_ "parcelportal/adapters/rpc/gen/portal/v1"
)

// Every REST answer that is a list of messages is written element by
// element; the document must be byte for byte what vanguard's own codec
// writes (after removing the insignificant whitespace protojson adds at
// random), for an empty list, one element and three, each filled in every
// field, nested messages, lists and maps included.
func TestListAnswersAreWrittenAsVanguardWritesThem(t *testing.T) {
	ours := newRESTJSONCodec(protoregistry.GlobalTypes).(vanguard.RESTCodec)
	theirs := vanguard.NewJSONCodec(protoregistry.GlobalTypes)
	lists := 0
	protoregistry.GlobalFiles.RangeFilesByPackage("portal.v1", func(f protoreflect.FileDescriptor) bool {
		services := f.Services()
		for i := range services.Len() {
			methods := services.Get(i).Methods()
			for j := range methods.Len() {
				md := methods.Get(j)
				rule, _ := proto.GetExtension(md.Options(), annotations.E_Http).(*annotations.HttpRule)
				if rule.GetResponseBody() == "" {
					continue
				}
				field := md.Output().Fields().ByName(protoreflect.Name(rule.GetResponseBody()))
				if field == nil || !field.IsList() || field.Message() == nil {
					continue
				}
				lists++
				for _, n := range []int{0, 1, 3} {
					answer := dynamicpb.NewMessage(md.Output())
					list := answer.Mutable(field).List()
					for k := range n {
						element := list.NewElement()
						fillEveryField(element.Message(), k, 2)
						list.Append(element)
					}
					name := fmt.Sprintf("%s with %d", md.FullName(), n)
					want, err := theirs.MarshalAppendField(nil, answer, field)
					if err != nil {
						t.Fatalf("%s: vanguard: %v", name, err)
					}
					got, err := ours.MarshalAppendField(nil, answer, field)
					if err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					if a, b := compact(t, want), compact(t, got); a != b {
						t.Errorf("%s:\nvanguard %s\nours     %s", name, a, b)
					}
				}
			}
		}
		return true
	})
	if lists < 20 {
		t.Fatalf("only %d list answers found; the walk of the contract is broken", lists)
	}
}

func compact(t *testing.T, doc []byte) string {
	t.Helper()
	var b bytes.Buffer
	if err := json.Compact(&b, doc); err != nil {
		t.Fatalf("not JSON: %v: %s", err, doc)
	}
	return b.String()
}

// fillEveryField sets each field of m to a value that differs by seed,
// strings with characters JSON escapes or keeps, times, and recurses depth levels
// into messages, lists and maps.
func fillEveryField(m protoreflect.Message, seed, depth int) {
	fields := m.Descriptor().Fields()
	for i := range fields.Len() {
		fd := fields.Get(i)
		if fd.ContainingOneof() != nil && !fd.HasOptionalKeyword() && fd.ContainingOneof().Fields().Get(0) != fd {
			continue
		}
		switch {
		case fd.IsMap():
			if depth == 0 {
				continue
			}
			mp := m.Mutable(fd).Map()
			for k := range 2 {
				key := scalarOf(fd.MapKey(), seed+k).MapKey()
				if fd.MapValue().Message() != nil {
					v := mp.NewValue()
					fillEveryField(v.Message(), seed+k, depth-1)
					mp.Set(key, v)
				} else {
					mp.Set(key, scalarOf(fd.MapValue(), seed+k))
				}
			}
		case fd.IsList():
			if depth == 0 {
				continue
			}
			list := m.Mutable(fd).List()
			for k := range 2 {
				if fd.Message() != nil {
					v := list.NewElement()
					fillEveryField(v.Message(), seed+k, depth-1)
					list.Append(v)
				} else {
					list.Append(scalarOf(fd, seed+k))
				}
			}
		case fd.Message() != nil && fd.Message().FullName() == "google.protobuf.Timestamp":
			ts := m.Mutable(fd).Message()
			ts.Set(ts.Descriptor().Fields().ByName("seconds"), protoreflect.ValueOfInt64(int64(1_790_000_000+seed)))
			ts.Set(ts.Descriptor().Fields().ByName("nanos"), protoreflect.ValueOfInt32(int32(seed*1000)))
		case fd.Message() != nil:
			if depth > 0 && fd.Message().FullName().Parent() == "portal.v1" {
				fillEveryField(m.Mutable(fd).Message(), seed, depth-1)
			}
		default:
			m.Set(fd, scalarOf(fd, seed))
		}
	}
}

func scalarOf(fd protoreflect.FieldDescriptor, seed int) protoreflect.Value {
	switch fd.Kind() {
	case protoreflect.StringKind:
		return protoreflect.ValueOfString(fmt.Sprintf(`Tür <%d> & "quote" \ tab	end`, seed))
	case protoreflect.BytesKind:
		return protoreflect.ValueOfBytes([]byte{0, byte(seed), 255})
	case protoreflect.BoolKind:
		return protoreflect.ValueOfBool(seed%2 == 0)
	case protoreflect.EnumKind:
		values := fd.Enum().Values()
		return protoreflect.ValueOfEnum(values.Get((seed + 1) % values.Len()).Number())
	case protoreflect.Int32Kind, protoreflect.Sint32Kind, protoreflect.Sfixed32Kind:
		return protoreflect.ValueOfInt32(int32(-7 * (seed + 1)))
	case protoreflect.Uint32Kind, protoreflect.Fixed32Kind:
		return protoreflect.ValueOfUint32(uint32(7 * (seed + 1)))
	case protoreflect.Int64Kind, protoreflect.Sint64Kind, protoreflect.Sfixed64Kind:
		return protoreflect.ValueOfInt64(-9007199254740993 - int64(seed))
	case protoreflect.Uint64Kind, protoreflect.Fixed64Kind:
		return protoreflect.ValueOfUint64(18446744073709551615 - uint64(seed))
	case protoreflect.FloatKind:
		return protoreflect.ValueOfFloat32(float32(seed) + 0.25)
	case protoreflect.DoubleKind:
		return protoreflect.ValueOfFloat64(float64(seed)*1e21 + 0.1)
	}
	panic("no value for " + fd.Kind().String())
}
