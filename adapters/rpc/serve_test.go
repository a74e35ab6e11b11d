package rpc_test

import (
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"

	"parcelportal/adapters/rpc"
	"parcelportal/adapters/rpc/rpctest"
)

// newAPI is the API over h with nothing behind it; a failure ends the test.
func newAPI(tb testing.TB, h rpc.Handlers) http.Handler {
	tb.Helper()
	api, err := rpc.NewAPI(h, http.NotFoundHandler())
	if err != nil {
		tb.Fatal(err)
	}
	return api
}

// serveAPI serves newAPI(h) over a real HTTP server until the test ends.
func serveAPI(tb testing.TB, h rpc.Handlers) *httptest.Server {
	tb.Helper()
	srv := httptest.NewServer(newAPI(tb, h))
	tb.Cleanup(srv.Close)
	return srv
}

// served is an API on a test server; its user acts for customer mine.
type served struct {
	srv         *httptest.Server
	mine, other int64
}

func (a served) user() string { return "ROLE_USER:" + strconv.FormatInt(a.mine, 10) }

// call sends a request; bearer "" sends none.
func (a served) call(t *testing.T, bearer, method, path, body string) (*http.Response, []byte) {
	t.Helper()
	return rpctest.Call(t, a.srv.Client(), method, a.srv.URL+path, bearer, body)
}
