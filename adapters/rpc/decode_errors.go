package rpc

import (
	"bytes"
	"cmp"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/rpc/status"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/anypb"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
)

// The keys of a request the portal could not read: the decoders' own texts
// (protojson's "proto: (line 1:8): invalid value for bytes field csv",
// vanguard's "max buffer size (1048576) exceeded") tell how the server
// parses and echo the caller's input, so no answer carries them.
const (
	// KeyMalformedRequest: the body could not be read at all.
	KeyMalformedRequest = "error.malformedRequest"
	// KeyMalformedField: the value of the field (param "field") could not be read.
	KeyMalformedField = "error.malformedField"
)

// decoderTexts mark an error text as a decoder's (protojson, the binary
// protobuf codec, Connect's envelope reader, vanguard's transcoder).
var decoderTexts = []string{"proto:", "unmarshal", "max buffer size", "syntax error", "(line ", "invalid parameter ", errNotUTF8.Error()}

// decodedField finds the field in a decoder's text: protojson names it
// "field csv", vanguard a query parameter `invalid parameter "page"`.
var decodedField = regexp.MustCompile(`(?:field|parameter) "?([A-Za-z_][A-Za-z0-9_.]*)"?`)

// decodeFailure tells whether message is a decoder's own text, and the
// detail to answer instead: the field whose value could not be read, or the
// request as a whole. Vanguard's "max buffer size (N) exceeded" (an answer
// too large to transcode; a body that large is refused before) has no
// detail: the status's own key stands.
func decodeFailure(message string) (*portalv1.ErrorDetail, bool) {
	switch {
	case !containsAny(message, decoderTexts):
		return nil, false
	case strings.Contains(message, "max buffer size"):
		return nil, true
	}
	if m := decodedField.FindStringSubmatch(message); m != nil {
		return &portalv1.ErrorDetail{MessageKey: KeyMalformedField, Params: map[string]string{"field": m[1]}}, true
	}
	return &portalv1.ErrorDetail{MessageKey: KeyMalformedRequest}, true
}

func containsAny(s string, parts []string) bool {
	for _, p := range parts {
		if strings.Contains(s, p) {
			return true
		}
	}
	return false
}

// withoutDecoderTexts answers a Connect, gRPC or gRPC-Web call whose
// request Connect could not decode (it refuses such a body before any
// interceptor runs, so mapErrors never sees it) with the portal's detail
// instead of the decoder's text: a Connect error body is rewritten, and
// the gRPC status headers or trailers.
func withoutDecoderTexts(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		cw := &decodeErrorWriter{ResponseWriter: w}
		next.ServeHTTP(cw, r)
		if cw.held {
			cw.writeConnectError()
		}
		// Headers not sent yet (a trailers-only answer) and trailers.
		scrubGRPCStatus(w.Header(), "")
		scrubGRPCStatus(w.Header(), http.TrailerPrefix)
	})
}

// decodeErrorWriter holds back a Connect unary error body (JSON, with a
// status other than 200) to rewrite it; everything else passes.
type decodeErrorWriter struct {
	http.ResponseWriter
	status int
	held   bool
	body   bytes.Buffer
}

func (c *decodeErrorWriter) WriteHeader(code int) {
	scrubGRPCStatus(c.Header(), "")
	if code != http.StatusOK && c.Header().Get("Content-Type") == "application/json" {
		c.status, c.held = code, true
		return
	}
	c.ResponseWriter.WriteHeader(code)
}

func (c *decodeErrorWriter) Write(b []byte) (int, error) {
	if c.held {
		return c.body.Write(b)
	}
	scrubGRPCStatus(c.Header(), "")
	return c.ResponseWriter.Write(b)
}

// Flush passes on: gRPC streams flush their headers.
func (c *decodeErrorWriter) Flush() {
	if f, ok := c.ResponseWriter.(http.Flusher); ok && !c.held {
		scrubGRPCStatus(c.Header(), "")
		f.Flush()
	}
}

// Unwrap lets http.ResponseController reach the connection.
func (c *decodeErrorWriter) Unwrap() http.ResponseWriter { return c.ResponseWriter }

// writeConnectError writes the held error body, rewritten when its message
// is a decoder's text (a body Connect wrote itself has no details).
func (c *decodeErrorWriter) writeConnectError() {
	body := c.body.Bytes()
	var e struct {
		Code    string            `json:"code"`
		Message string            `json:"message"`
		Details []json.RawMessage `json:"details,omitempty"`
	}
	if json.Unmarshal(body, &e) == nil && len(e.Details) == 0 {
		if detail, ok := decodeFailure(e.Message); ok {
			detail = cmp.Or(detail, &portalv1.ErrorDetail{MessageKey: KeyMalformedRequest})
			raw, _ := proto.Marshal(detail)
			wire := map[string]any{"code": e.Code, "message": detail.GetMessageKey(), "details": []map[string]string{{
				"type": string(detail.ProtoReflect().Descriptor().FullName()), "value": base64.RawStdEncoding.EncodeToString(raw)}}}
			body, _ = json.Marshal(wire)
			c.Header().Del("Content-Length")
		}
	}
	c.ResponseWriter.WriteHeader(c.status)
	_, _ = c.ResponseWriter.Write(body)
}

// scrubGRPCStatus rewrites a gRPC status (in headers, or in trailers under
// prefix) whose message is a decoder's text.
func scrubGRPCStatus(h http.Header, prefix string) {
	message := h.Get(prefix + "Grpc-Message")
	if message == "" || h.Get(prefix+"Grpc-Status-Details-Bin") != "" {
		return
	}
	detail, ok := decodeFailure(message)
	if !ok {
		return
	}
	detail = cmp.Or(detail, &portalv1.ErrorDetail{MessageKey: KeyMalformedRequest})
	code, _ := strconv.Atoi(h.Get(prefix + "Grpc-Status"))
	st := &status.Status{Code: int32(code), Message: detail.GetMessageKey()}
	if a, err := anypb.New(detail); err == nil {
		st.Details = []*anypb.Any{a}
	}
	bin, _ := proto.Marshal(st)
	h.Set(prefix+"Grpc-Message", detail.GetMessageKey())
	h.Set(prefix+"Grpc-Status-Details-Bin", connect.EncodeBinaryHeader(bin))
}
