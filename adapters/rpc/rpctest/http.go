package rpctest

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

// Send sends req and reads the whole answer; a request that cannot be sent
// or whose answer cannot be read ends the test.
func Send(t testing.TB, client *http.Client, req *http.Request) (*http.Response, []byte) {
	t.Helper()
	rsp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer rsp.Body.Close()
	b, err := io.ReadAll(rsp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return rsp, b
}

// Call sends method to url with a JSON body and a bearer token, each left
// out when empty, and reads the whole answer.
func Call(t testing.TB, client *http.Client, method, url, bearer, body string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if bearer != "" {
		req.Header.Set("Authorization", "Bearer "+bearer)
	}
	return Send(t, client, req)
}
