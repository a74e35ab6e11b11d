package rpc

import (
	"testing"

	"google.golang.org/protobuf/encoding/protojson"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
)

func TestBodiesBindNumbersToStringsAndWordsToBooleansAsSpringDid(t *testing.T) {
	var m portalv1.AuthenticateRequest
	body := springBodies([]byte(`{"username":12345,"password":"x","rememberMe":"true"}`), m.ProtoReflect().Descriptor())
	if err := protojson.Unmarshal(body, &m); err != nil || m.GetUsername() != "12345" || !m.GetRememberMe() {
		t.Errorf("%s = %v, %v", body, &m, err)
	}
	for _, unreadable := range []string{`{"rememberMe":"yes"}`, `{"username":{"a":1}}`, `{"username":[1]}`} {
		var m portalv1.AuthenticateRequest
		if err := protojson.Unmarshal(springBodies([]byte(unreadable), m.ProtoReflect().Descriptor()), &m); err == nil {
			t.Errorf("%s was read as %v", unreadable, &m)
		}
	}
}
