package rpc_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// rawGet sends a GET that accepts gzip (or not) and reads the answer as it
// came on the wire, undecoded.
func rawGet(t *testing.T, srv *httptest.Server, path, acceptEncoding string) (*http.Response, []byte) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, srv.URL+path, nil)
	if acceptEncoding != "" {
		req.Header.Set("Accept-Encoding", acceptEncoding)
	}
	rsp, err := raw(srv).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer rsp.Body.Close()
	b, _ := io.ReadAll(rsp.Body)
	return rsp, b
}

// raw is the server's client without Go's transparent gzip, so a test sees
// what came on the wire.
func raw(srv *httptest.Server) *http.Client {
	tr := srv.Client().Transport.(*http.Transport).Clone()
	tr.DisableCompression = true
	return &http.Client{Transport: tr}
}

// The OpenAPI document goes gzipped to a client that accepts it (under a
// fifth of its size) and as it is to one that does not; a small answer is
// not compressed (gzip would cost more than it saves).
func TestAnswersAreCompressedForClientsThatAcceptGzip(t *testing.T) {
	srv := newServer(t, healthyQueries())
	_, plain := rawGet(t, srv, "/api-docs/portal.openapi.yaml", "")
	rsp, packed := rawGet(t, srv, "/api-docs/portal.openapi.yaml", "br;q=1.0, gzip;q=0.8")
	if rsp.Header.Get("Content-Encoding") != "gzip" || len(packed)*5 > len(plain) {
		t.Fatalf("the document: %q, %d bytes of %d", rsp.Header.Get("Content-Encoding"), len(packed), len(plain))
	}
	zr, err := gzip.NewReader(bytes.NewReader(packed))
	if err != nil {
		t.Fatal(err)
	}
	unpacked, _ := io.ReadAll(zr)
	if !bytes.Equal(unpacked, plain) || !strings.HasPrefix(string(plain), "openapi:") {
		t.Fatalf("the gzipped document differs from the plain one")
	}
	if rsp, _ := rawGet(t, srv, "/api-docs/portal.openapi.yaml", "gzip;q=0"); rsp.Header.Get("Content-Encoding") != "" {
		t.Errorf("gzip;q=0 got %q", rsp.Header.Get("Content-Encoding"))
	}

	req, _ := http.NewRequest(http.MethodPost, srv.URL+"/portal.v1.ManagementService/GetVersion", strings.NewReader("{}"))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept-Encoding", "gzip")
	small, err := raw(srv).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_ = small.Body.Close()
	if small.StatusCode != http.StatusOK || small.Header.Get("Content-Encoding") != "" {
		t.Errorf("a small Connect answer: %d, Content-Encoding %q", small.StatusCode, small.Header.Get("Content-Encoding"))
	}
}

// A REST answer over a kilobyte goes gzipped, once: the handler behind the
// REST facade answers it uncompressed and the facade compresses the JSON it
// writes (it used to inflate the handler's gzip and deflate its own again).
func TestRESTAnswersAreCompressedOnce(t *testing.T) {
	srv := newServer(t, healthyQueries())
	_, plain := rawGet(t, srv, "/management/productsandservices", "")
	rsp, packed := rawGet(t, srv, "/management/productsandservices", "gzip")
	if len(plain) < 1024 || rsp.StatusCode != http.StatusOK || rsp.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("%d, Content-Encoding %q, %d bytes plain", rsp.StatusCode, rsp.Header.Get("Content-Encoding"), len(plain))
	}
	zr, err := gzip.NewReader(bytes.NewReader(packed))
	if err != nil {
		t.Fatal(err)
	}
	unpacked, _ := io.ReadAll(zr)
	if !bytes.Equal(unpacked, plain) || !bytes.HasPrefix(plain, []byte("{")) {
		t.Fatalf("the gzipped answer is not the JSON of the plain one: %.80q", unpacked)
	}
}
