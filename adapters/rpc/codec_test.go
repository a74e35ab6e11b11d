package rpc

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"testing"

	"connectrpc.com/vanguard"
	"google.golang.org/genproto/googleapis/api/annotations"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
	"google.golang.org/protobuf/types/dynamicpb"
	"google.golang.org/protobuf/types/known/structpb"
	"google.golang.org/protobuf/types/known/timestamppb"
	"google.golang.org/protobuf/types/known/wrapperspb"

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
			for k := range 5 {
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
			if depth > 0 && fd.Message().ParentFile().Package() != "google.protobuf" {
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

// jsonWriter writes every message of the contract as protojson does: empty,
// filled in every field three ways, and with an enum number the contract
// does not name; a string that is not UTF-8 is an error for both.
func TestJSONWriterWritesWhatProtojsonWrites(t *testing.T) {
	w := newJSONWriter(protojson.MarshalOptions{})
	same := func(name string, m protoreflect.Message) {
		t.Helper()
		want, wantErr := protojson.MarshalOptions{EmitUnpopulated: true}.Marshal(m.Interface())
		got, err := w.appendMessage(nil, m)
		switch {
		case (wantErr != nil) != (err != nil):
			t.Errorf("%s: protojson's error %v, ours %v", name, wantErr, err)
		case err == nil && compact(t, want) != compact(t, got):
			t.Errorf("%s:\nprotojson %s\nours      %s", name, compact(t, want), compact(t, got))
		}
	}
	messages := 0
	var each func(protoreflect.MessageDescriptors)
	each = func(mds protoreflect.MessageDescriptors) {
		for i := range mds.Len() {
			md := mds.Get(i)
			if md.IsMapEntry() {
				continue
			}
			messages++
			same(string(md.FullName())+" empty", dynamicpb.NewMessage(md))
			for seed := range 3 {
				m := dynamicpb.NewMessage(md)
				fillEveryField(m, seed, 2)
				same(fmt.Sprintf("%s filled %d", md.FullName(), seed), m)
			}
			fields := md.Fields()
			for j := range fields.Len() {
				fd := fields.Get(j)
				if fd.IsList() || fd.IsMap() {
					continue
				}
				switch fd.Kind() {
				case protoreflect.EnumKind:
					m := dynamicpb.NewMessage(md)
					m.Set(fd, protoreflect.ValueOfEnum(999))
					same(fmt.Sprintf("%s.%s unnamed enum", md.FullName(), fd.Name()), m)
				case protoreflect.StringKind:
					m := dynamicpb.NewMessage(md)
					m.Set(fd, protoreflect.ValueOfString("ab\xffcd"))
					same(fmt.Sprintf("%s.%s not UTF-8", md.FullName(), fd.Name()), m)
				}
			}
			each(md.Messages())
		}
	}
	protoregistry.GlobalFiles.RangeFilesByPackage("portal.v1", func(f protoreflect.FileDescriptor) bool {
		each(f.Messages())
		return true
	})
	if messages < 300 {
		t.Fatalf("only %d messages found; the walk of the contract is broken", messages)
	}
	for _, ts := range []*timestamppb.Timestamp{{}, {Seconds: 1_790_000_000}, {Seconds: 1, Nanos: 5e8}, {Seconds: 2, Nanos: 1000},
		{Seconds: 3, Nanos: 7}, {Seconds: -62135596801}, {Seconds: 253402300800}, {Nanos: -1}, {Nanos: 1e9}} {
		same(fmt.Sprintf("timestamp %v", ts), ts.ProtoReflect())
	}
	for _, x := range []float64{0, math.Copysign(0, -1), 1, -2.5, 123.456, 1e-6, 1e-7, 9.99e20, 1e21, 1.5e300, math.MaxFloat64,
		math.SmallestNonzeroFloat64, math.NaN(), math.Inf(1), math.Inf(-1)} {
		for _, n := range []struct {
			bits int
			of   proto.Message
		}{{64, wrapperspb.Double(x)}, {32, wrapperspb.Float(float32(x))}} {
			want, _ := protojson.Marshal(n.of)
			v := x
			if n.bits == 32 {
				v = float64(float32(x))
			}
			if got := appendJSONFloat(nil, v, n.bits); string(got) != string(want) {
				t.Errorf("float%d %v: protojson %s, ours %s", n.bits, x, want, got)
			}
		}
	}
	for _, s := range []string{"", "plain", "\x00\x01\x1f\x7f", "\b\f\n\r\t", `"\/`, "<>&'", "\u2028\u2029", "\ufffd", "日本語 🚚", "a\xffb", "\xed\xa0\x80"} {
		want, wantErr := protojson.Marshal(wrapperspb.String(s))
		got, err := appendJSONString(nil, s)
		if (wantErr != nil) != (err != nil) || err == nil && string(got) != string(want) {
			t.Errorf("string %q: protojson %s (%v), ours %s (%v)", s, want, wantErr, got, err)
		}
	}
	value, err := structpb.NewValue(map[string]any{"b": 1, "a": []any{"x", true, nil}})
	if err != nil {
		t.Fatal(err)
	}
	same("struct value", value.ProtoReflect())
}

// A string is escaped as protojson escapes it, including every control
// character and the characters HTML would escape, which protojson keeps.
func TestJSONStringsAreEscapedAsProtojsonEscapesThem(t *testing.T) {
	for c := range rune(0x80) {
		s := "a" + string(c) + "b"
		want, _ := protojson.Marshal(wrapperspb.String(s))
		got, err := appendJSONString(nil, s)
		if err != nil || string(got) != string(want) {
			t.Errorf("%q: protojson %s, ours %s (%v)", s, want, got, err)
		}
	}
}
