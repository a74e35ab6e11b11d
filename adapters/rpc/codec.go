package rpc

import (
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
)

// jsonCodec writes every field, also zero values, so that Connect JSON
// clients and REST scripts see the same documents (`"inProduction": false`
// rather than a missing key).
type jsonCodec struct{}

func (jsonCodec) Name() string { return "json" }

func (jsonCodec) Marshal(msg any) ([]byte, error) {
	return protojson.MarshalOptions{EmitUnpopulated: true}.Marshal(msg.(proto.Message))
}

func (jsonCodec) Unmarshal(data []byte, msg any) error {
	return protojson.UnmarshalOptions{DiscardUnknown: true}.Unmarshal(data, msg.(proto.Message))
}
