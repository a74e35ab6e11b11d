package rpc

import (
	"errors"
	"unicode/utf8"

	"connectrpc.com/connect"
	"connectrpc.com/vanguard"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
)

// jsonCodec writes every field, also zero values, so that Connect JSON
// clients and REST scripts see the same documents (`"inProduction": false`
// rather than a missing key).
type jsonCodec struct{}

// connectAnswers writes the Connect JSON answers.
var connectAnswers = newJSONWriter(protojson.MarshalOptions{})

func (jsonCodec) Name() string { return "json" }

func (jsonCodec) Marshal(msg any) ([]byte, error) {
	return connectAnswers.appendMessage(nil, msg.(proto.Message).ProtoReflect())
}

func (jsonCodec) Unmarshal(data []byte, msg any) error {
	m := msg.(proto.Message)
	return protojson.UnmarshalOptions{DiscardUnknown: true}.Unmarshal(springBodies(data, m.ProtoReflect().Descriptor()), m)
}

// restJSONCodec is vanguard's JSON codec for REST bodies, except that a body
// it cannot read is the caller's mistake (400), not the server's (vanguard
// reports a plain decoding error as unknown, which becomes a 500), and that
// answers are written by jsonWriter, which writes what vanguard's protojson
// would, faster.
type restJSONCodec struct {
	*vanguard.JSONCodec
	answers *jsonWriter
}

func newRESTJSONCodec(r vanguard.TypeResolver) vanguard.Codec {
	c := vanguard.NewJSONCodec(r)
	return restJSONCodec{c, newJSONWriter(c.MarshalOptions)}
}

func (c restJSONCodec) MarshalAppend(base []byte, msg proto.Message) ([]byte, error) {
	return c.answers.appendMessage(base, msg.ProtoReflect())
}

func (c restJSONCodec) Unmarshal(data []byte, msg proto.Message) error {
	if !utf8.Valid(data) {
		return malformed(errNotUTF8)
	}
	return malformed(c.JSONCodec.Unmarshal(springBodies(data, msg.ProtoReflect().Descriptor()), msg))
}

// UnmarshalField reads a body that is one field of the request (body:
// "news"). Vanguard reads such a field without checking its strings, so a
// body that is not UTF-8, as JSON must be, is refused here: it was stored,
// and then the answer could not be written.
func (c restJSONCodec) UnmarshalField(data []byte, msg proto.Message, field protoreflect.FieldDescriptor) error {
	if !utf8.Valid(data) {
		return malformed(errNotUTF8)
	}
	return malformed(c.JSONCodec.UnmarshalField(springBodies(data, field.Message()), msg, field))
}

// MarshalAppendField writes an answer that is one field of the response
// (response_body: "parcels"). For a list of messages it writes the
// elements one by one: vanguard marshals the whole response and then reads
// it back with encoding/json to dig the list out, which cost a 20-row list
// read a third as much again as writing it. A message field is written
// whole; other fields go to vanguard.
func (c restJSONCodec) MarshalAppendField(base []byte, msg proto.Message, field protoreflect.FieldDescriptor) ([]byte, error) {
	switch {
	case field.Message() == nil || field.IsMap():
		return c.JSONCodec.MarshalAppendField(base, msg, field)
	case field.IsList():
		return c.answers.appendList(base, msg.ProtoReflect().Get(field).List(), field)
	}
	return c.answers.appendMessage(base, msg.ProtoReflect().Get(field).Message())
}

var errNotUTF8 = errors.New("the body is not UTF-8")

func malformed(err error) error {
	if err == nil {
		return nil
	}
	return connect.NewError(connect.CodeInvalidArgument, err)
}
