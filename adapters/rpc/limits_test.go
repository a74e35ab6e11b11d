package rpc_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"google.golang.org/protobuf/proto"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/adapters/rpc/rpctest"
	"parcelportal/core/batch"
	"parcelportal/core/batchcsv"
	"parcelportal/core/batchcsv/batchcsvtest"
)

// maxHeapGrowthMB bounds what one refused request may make the server hold:
// the file routes accept 14 MB, which vanguard and Connect each buffer.
const maxHeapGrowthMB = 64

type rawRequest struct {
	method, path, bearer, contentType string
	gzip                              bool
	body                              []byte
	chunked                           bool // no Content-Length
}

func (a batchesAPI) send(t *testing.T, r rawRequest) (*http.Response, []byte) {
	t.Helper()
	var body io.Reader = bytes.NewReader(r.body)
	if r.chunked {
		body = io.MultiReader(body) // hides the length from the client
	}
	req, err := http.NewRequest(r.method, a.srv.URL+r.path, body)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", r.contentType)
	if r.gzip {
		req.Header.Set("Content-Encoding", "gzip")
	}
	if r.bearer != "" {
		req.Header.Set("Authorization", "Bearer "+r.bearer)
	}
	return rpctest.Send(t, a.srv.Client(), req)
}

// problemKey reads the message key of a REST problem document.
func problemKey(t *testing.T, rsp *http.Response, body []byte) string {
	t.Helper()
	var p struct {
		Message string `json:"message"`
		Status  int    `json:"status"`
	}
	if !strings.HasPrefix(rsp.Header.Get("Content-Type"), "application/problem+json") || json.Unmarshal(body, &p) != nil || p.Status != rsp.StatusCode {
		t.Fatalf("no problem document: %d %q %.300s", rsp.StatusCode, rsp.Header.Get("Content-Type"), body)
	}
	return p.Message
}

// connectErrorKey reads the code and the ErrorDetail key of a Connect error.
func connectErrorKey(t *testing.T, body []byte) (code, key string) {
	t.Helper()
	var e struct {
		Code    string `json:"code"`
		Details []struct {
			Type  string `json:"type"`
			Value string `json:"value"`
		} `json:"details"`
	}
	if err := json.Unmarshal(body, &e); err != nil {
		t.Fatalf("no Connect error: %v %.300s", err, body)
	}
	for _, d := range e.Details {
		if d.Type != "portal.v1.ErrorDetail" {
			continue
		}
		raw, err := base64.RawStdEncoding.DecodeString(strings.TrimRight(d.Value, "="))
		var detail portalv1.ErrorDetail
		if err != nil || proto.Unmarshal(raw, &detail) != nil {
			t.Fatalf("unreadable detail %q", d.Value)
		}
		return e.Code, detail.GetMessageKey()
	}
	return e.Code, ""
}

// overHTTP2 serves the API over HTTP/2 (TLS), as browsers reach it: a
// refusal before the body is read then ends the stream, where HTTP/1.1
// would close the connection under a client still writing.
func overHTTP2(t *testing.T, a batchesAPI) batchesAPI {
	t.Helper()
	srv := httptest.NewUnstartedServer(a.srv.Config.Handler)
	srv.EnableHTTP2 = true
	srv.StartTLS()
	t.Cleanup(srv.Close)
	a.srv = srv
	return a
}

// TestBodyBombsAndOversizedBodiesAreRefused sends what grew the portal to
// gigabytes before bodies had limits: a gzip body that inflates to 200 MB,
// over REST and Connect, signed in and anonymous, and plain bodies over the
// limit. Each answers 413 (REST) or resource_exhausted (Connect) with the
// key error.requestTooLarge, or 401 for the anonymous caller, whose body is
// not even inflated; the heap stays within a few buffers of the limit.
func TestBodyBombsAndOversizedBodiesAreRefused(t *testing.T) {
	a := overHTTP2(t, newBatchesAPI(t))
	bombJSON := rpctest.Gzipped(t, `{"csv":"`, 'A', 200<<20, fmt.Sprintf(`","csvFileName":"bomb.csv","customer":{"id":"%d"}}`, a.mine))
	// Not gzip past its header: inflating it would answer 400.
	brokenGzip := append(append([]byte{}, bombJSON[:64]...), bytes.Repeat([]byte{0xff}, 1<<20)...)
	oversized := fmt.Appendf(nil, `{"csv":%q,"csvFileName":"big.csv","customer":{"id":"%d"}}`,
		base64.StdEncoding.EncodeToString(bytes.Repeat([]byte("a;b;c\n"), 11<<20/6+1)), a.mine)
	editTooLong := fmt.Appendf(nil, `{"fields":{"name":%q}}`, strings.Repeat("x", 2<<20))

	cases := []struct {
		name     string
		req      rawRequest
		status   int
		key      string
		connect  bool
		wantCode string
	}{
		{"REST gzip bomb, signed in", rawRequest{method: "POST", path: "/web/api/batches", bearer: a.user(), contentType: "application/json", gzip: true, body: bombJSON},
			http.StatusRequestEntityTooLarge, "error.requestTooLarge", false, ""},
		{"Connect gzip bomb, signed in", rawRequest{method: "POST", path: "/portal.v1.BatchService/CreateBatch", bearer: a.user(), contentType: "application/json", gzip: true, body: bombJSON},
			http.StatusTooManyRequests, "error.requestTooLarge", true, "resource_exhausted"},
		{"REST gzip bomb, anonymous", rawRequest{method: "POST", path: "/web/api/batches", contentType: "application/json", gzip: true, body: brokenGzip},
			http.StatusUnauthorized, "error.unauthenticated", false, ""},
		{"Connect gzip bomb, anonymous", rawRequest{method: "POST", path: "/portal.v1.BatchService/CreateBatch", contentType: "application/json", gzip: true, body: brokenGzip},
			http.StatusUnauthorized, "error.unauthenticated", true, "unauthenticated"},
		{"Connect gzip bomb, stale bearer", rawRequest{method: "POST", path: "/portal.v1.BatchService/CreateBatch", bearer: "nobody", contentType: "application/json", gzip: true, body: brokenGzip},
			http.StatusUnauthorized, "error.unauthenticated", true, "unauthenticated"},
		{"REST plain body over the file limit", rawRequest{method: "POST", path: "/web/api/batches", bearer: a.user(), contentType: "application/json", body: oversized},
			http.StatusRequestEntityTooLarge, "error.requestTooLarge", false, ""},
		{"REST plain body over the file limit, no length", rawRequest{method: "POST", path: "/web/api/batches", bearer: a.user(), contentType: "application/json", body: oversized, chunked: true},
			http.StatusRequestEntityTooLarge, "error.requestTooLarge", false, ""},
		{"Connect plain body over the file limit, no length", rawRequest{method: "POST", path: "/portal.v1.BatchService/CreateBatch", bearer: a.user(), contentType: "application/json", body: oversized, chunked: true},
			http.StatusTooManyRequests, "error.requestTooLarge", true, "resource_exhausted"},
		{"REST cell edit over the default limit", rawRequest{method: "PUT", path: "/web/api/batches/1/validatedShipments/1", bearer: a.user(), contentType: "application/json", body: editTooLong, chunked: true},
			http.StatusRequestEntityTooLarge, "error.requestTooLarge", false, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			heap := rpctest.WatchHeap()
			rsp, body := a.send(t, c.req)
			grown := heap.GrownMB()
			t.Logf("%d, heap grew %.1f MB", rsp.StatusCode, grown)
			if rsp.StatusCode != c.status {
				t.Fatalf("status %d, want %d: %.300s", rsp.StatusCode, c.status, body)
			}
			key := ""
			if c.connect {
				var code string
				if code, key = connectErrorKey(t, body); code != c.wantCode {
					t.Errorf("code %q, want %q", code, c.wantCode)
				}
			} else {
				key = problemKey(t, rsp, body)
			}
			if key != c.key {
				t.Errorf("key %q, want %q", key, c.key)
			}
			if grown > maxHeapGrowthMB {
				t.Errorf("heap grew %.0f MB, at most %d MB expected", grown, maxHeapGrowthMB)
			}
		})
	}
	if _, n, err := a.store.List(context.Background(), a.mine, 0, 10); err != nil || n != 0 {
		t.Errorf("%d batches stored (%v)", n, err)
	}
}

// TestFilesWithinTheLimitStillArrive makes sure the limits do not refuse
// what the routes are for: a gzipped 2000-row CSV upload (REST and Connect)
// is inflated and stored, and a file of the largest size passes plain.
func TestFilesWithinTheLimitStillArrive(t *testing.T) {
	a := newBatchesAPI(t)
	csv := batchcsvtest.Generate(batch.MaxRows)
	payload := fmt.Sprintf(`{"csv":%q,"csvFileName":"orders.csv","customer":{"id":"%d"}}`, base64.StdEncoding.EncodeToString(csv), a.mine)
	zipped := rpctest.Gzipped(t, payload, 0, 0, "")
	for _, path := range []string{"/web/api/batches", "/portal.v1.BatchService/CreateBatch"} {
		rsp, b := a.send(t, rawRequest{method: "POST", path: path, bearer: a.user(), contentType: "application/json", gzip: true, body: zipped})
		if rsp.StatusCode != http.StatusOK || !strings.Contains(string(b), `"rowCount":2000`) && !strings.Contains(string(b), `"rowCount": 2000`) {
			t.Fatalf("gzipped upload to %s = %d %.300s", path, rsp.StatusCode, b)
		}
	}
	// A CSV of exactly the largest size a batch may have, base64 in JSON,
	// passes the body limit: the CSV rules judge it (its columns are
	// unknown), and one byte more is the CSV rule's error.csv.tooLarge, not a
	// refused body.
	for size, key := range map[int]string{batchcsv.MaxBytes: "error.csv.unknownColumns", batchcsv.MaxBytes + 1: "error.csv.tooLarge"} {
		csv := bytes.Repeat([]byte("a;b;c\n"), size/6+1)[:size]
		big := fmt.Appendf(nil, `{"csv":%q,"csvFileName":"big.csv","customer":{"id":"%d"}}`, base64.StdEncoding.EncodeToString(csv), a.mine)
		rsp, b := a.send(t, rawRequest{method: "POST", path: "/web/api/batches", bearer: a.user(), contentType: "application/json", body: big})
		if rsp.StatusCode != http.StatusBadRequest || problemKey(t, rsp, b) != key {
			t.Fatalf("%d bytes of CSV = %d %.300s, want 400 %s", size, rsp.StatusCode, b, key)
		}
	}
}

// TestGRPCCompressedMessagesAreBounded sends what a gRPC client sends with
// gzip on: an envelope whose message (a CreateBatchRequest of 200 MB of CSV)
// is compressed inside it. Connect inflates it only up to the service's
// limit and answers RESOURCE_EXHAUSTED; the heap stays bounded.
func TestGRPCCompressedMessagesAreBounded(t *testing.T) {
	a := overHTTP2(t, newBatchesAPI(t))
	const size = 200 << 20
	// Field 1 (csv, bytes): tag 0x0a, the length as a varint, the bytes.
	header := []byte{0x0a}
	for n := uint64(size); ; n >>= 7 {
		if n < 0x80 {
			header = append(header, byte(n))
			break
		}
		header = append(header, byte(n)|0x80)
	}
	message := rpctest.Gzipped(t, string(header), 'A', size, "")
	envelope := append([]byte{1, 0, 0, 0, 0}, message...)
	envelope[1], envelope[2], envelope[3], envelope[4] = byte(len(message)>>24), byte(len(message)>>16), byte(len(message)>>8), byte(len(message))

	req, err := http.NewRequest("POST", a.srv.URL+"/portal.v1.BatchService/CreateBatch", bytes.NewReader(envelope))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/grpc")
	req.Header.Set("Grpc-Encoding", "gzip")
	req.Header.Set("Te", "trailers")
	req.Header.Set("Authorization", "Bearer "+a.user())
	heap := rpctest.WatchHeap()
	rsp, err := a.srv.Client().Do(req)
	if err != nil {
		heap.GrownMB()
		t.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, rsp.Body)
	rsp.Body.Close()
	grown := heap.GrownMB()
	status := rsp.Trailer.Get("Grpc-Status")
	if status == "" {
		status = rsp.Header.Get("Grpc-Status")
	}
	t.Logf("grpc-status %s %q, heap grew %.1f MB", status, rsp.Trailer.Get("Grpc-Message"), grown)
	if status != "8" { // RESOURCE_EXHAUSTED
		t.Errorf("grpc-status %q, want 8 (resource exhausted)", status)
	}
	if grown > maxHeapGrowthMB {
		t.Errorf("heap grew %.0f MB, at most %d MB expected", grown, maxHeapGrowthMB)
	}
}
