package rpc

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"parcelportal/app/management"
	"parcelportal/core/failure"
	"parcelportal/core/reference"
)

type failingCatalog struct{ err error }

func (c failingCatalog) Catalog(context.Context) (reference.Catalog, error) {
	return reference.Catalog{}, c.err
}

// A REST route outside vanguard (management/health) answers an error with
// the very problem document a transcoded handler's error becomes: same
// status, body and app-error headers, from the one mapper.
func TestWriteRESTErrorAnswersLikeATranscodedHandler(t *testing.T) {
	const path = "/management/productsandservices"
	for err, want := range map[error]string{
		&failure.Error{Kind: failure.Unavailable, Key: "error.catalog.down", Params: map[string]string{"retry": "60"}, Entity: "catalog"}: `"message":"error.catalog.down"`,
		errors.New("relation reference_code does not exist"):                                                                              `"message":"error.internal"`,
	} {
		api, apiErr := NewAPI(Handlers{Management: ManagementHandler{Queries: management.Queries{Catalogs: failingCatalog{err}}}}, http.NotFoundHandler())
		if apiErr != nil {
			t.Fatal(apiErr)
		}
		transcoded := httptest.NewRecorder()
		api.ServeHTTP(transcoded, httptest.NewRequest(http.MethodGet, path, nil))
		direct := httptest.NewRecorder()
		writeRESTError(direct, httptest.NewRequest(http.MethodGet, path, nil), err)
		if !strings.Contains(transcoded.Body.String(), want) || strings.Contains(transcoded.Body.String(), "relation") {
			t.Errorf("%v: transcoded %d %s; want %s and no internals", err, transcoded.Code, transcoded.Body, want)
		}
		if direct.Code != transcoded.Code || direct.Body.String() != transcoded.Body.String() {
			t.Errorf("%v: direct %d %s; transcoded %d %s", err, direct.Code, direct.Body, transcoded.Code, transcoded.Body)
		}
		for _, h := range []string{"Content-Type", "app-error", "app-params"} {
			if direct.Header().Get(h) != transcoded.Header().Get(h) {
				t.Errorf("%v: %s direct %q, transcoded %q", err, h, direct.Header().Get(h), transcoded.Header().Get(h))
			}
		}
	}
}
