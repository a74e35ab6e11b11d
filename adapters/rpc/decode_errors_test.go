package rpc_test

import (
	"bytes"
	"encoding/binary"
	"io"
	"net/http"
	"strings"
	"testing"

	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/rpc/status"
	"google.golang.org/protobuf/proto"

	"parcelportal/adapters/rpc"
	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
)

// TestUndecodableRequestsAnswerAKeyNotTheDecodersText: a gRPC or gRPC-Web
// message Connect cannot decode is answered with the portal's key and
// detail, never protobuf's "proto: cannot parse invalid wire-format data".
func TestUndecodableRequestsAnswerAKeyNotTheDecodersText(t *testing.T) {
	srv := newServer(t, healthyQueries())
	garbage := []byte{0xff, 0xff, 0xff, 0xff, 0x0f, 0x01}
	for _, contentType := range []string{"application/grpc", "application/grpc-web+proto"} {
		frame := make([]byte, 5, 5+len(garbage))
		binary.BigEndian.PutUint32(frame[1:], uint32(len(garbage)))
		req, _ := http.NewRequest("POST", srv.URL+"/portal.v1.ManagementService/GetVersion", bytes.NewReader(append(frame, garbage...)))
		req.Header.Set("Content-Type", contentType)
		req.Header.Set("Te", "trailers")
		rsp, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(rsp.Body)
		_ = rsp.Body.Close()
		meta := http.Header{}
		for _, h := range []http.Header{rsp.Header, rsp.Trailer} {
			for k, v := range h {
				meta[k] = v
			}
		}
		if message := meta.Get("Grpc-Message"); message != rpc.KeyMalformedRequest || strings.Contains(string(body), "proto:") {
			t.Fatalf("%s: grpc-message %q, body %q", contentType, message, body)
		}
		bin, err := connect.DecodeBinaryHeader(meta.Get("Grpc-Status-Details-Bin"))
		var st status.Status
		if err != nil || proto.Unmarshal(bin, &st) != nil || len(st.Details) != 1 {
			t.Fatalf("%s: status details %q, %v", contentType, meta.Get("Grpc-Status-Details-Bin"), err)
		}
		var detail portalv1.ErrorDetail
		if err := st.Details[0].UnmarshalTo(&detail); err != nil || detail.GetMessageKey() != rpc.KeyMalformedRequest {
			t.Fatalf("%s: detail %v, %v", contentType, &detail, err)
		}
	}
}
