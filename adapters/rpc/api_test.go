package rpc_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	"parcelportal/adapters/htmlsafe"
	"parcelportal/adapters/memory"
	"parcelportal/adapters/rpc"
	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/adapters/rpc/gen/portal/v1/portalv1connect"
	"parcelportal/adapters/rpc/rpctest"
	"parcelportal/app/management"
	"parcelportal/app/news"
	"parcelportal/core/profile"
	"parcelportal/core/reference"
)

type probeFunc func(context.Context) error

func (f probeFunc) Check(ctx context.Context) error { return f(ctx) }

type brokenCatalog struct{}

func (brokenCatalog) Catalog(context.Context) (reference.Catalog, error) {
	return reference.Catalog{}, errors.New("relation reference_code does not exist")
}

func newServer(t *testing.T, q management.Queries) *httptest.Server {
	t.Helper()
	return newServerOf(t, rpc.Handlers{Management: rpc.ManagementHandler{Queries: q}, Callers: customerBearers{}})
}

// newServerOf serves h over HTTP/2 with TLS, as gRPC clients need.
func newServerOf(t *testing.T, h rpc.Handlers) *httptest.Server {
	t.Helper()
	fallback := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, "webapp "+r.URL.Path)
	})
	api, err := rpc.NewAPI(h, fallback)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewUnstartedServer(api)
	srv.EnableHTTP2 = true
	srv.StartTLS()
	t.Cleanup(srv.Close)
	return srv
}

func healthyQueries() management.Queries {
	return management.Queries{
		Settings: profile.Settings{Environment: "test"},
		Build:    profile.Build{Version: "9.9.9", Date: time.Date(2026, 11, 21, 8, 0, 0, 0, time.UTC)},
		Catalogs: memory.NewCatalog(reference.Standard()),
		Probes:   map[string]management.Probe{"db": probeFunc(func(context.Context) error { return nil })},
	}
}

func get(t *testing.T, srv *httptest.Server, path string) (*http.Response, []byte) {
	t.Helper()
	return rpctest.Call(t, srv.Client(), "GET", srv.URL+path, "", "")
}

func TestRESTAndConnectAnswerTheSameProfile(t *testing.T) {
	srv := newServer(t, healthyQueries())
	rsp, body := get(t, srv, "/management/info")
	if rsp.StatusCode != http.StatusOK {
		t.Fatalf("GET /management/info = %d %s", rsp.StatusCode, body)
	}
	var fields map[string]any
	if err := json.Unmarshal(body, &fields); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"ribbonEnv", "inProduction", "isSwaggerEnabled", "copyrightYear", "version", "recaptchaSiteKey", "productsAndServices"} {
		if _, ok := fields[name]; !ok {
			t.Errorf("REST profile lacks %q: %s", name, body)
		}
	}
	var rest portalv1.ApplicationProfile
	if err := protojson.Unmarshal(body, &rest); err != nil {
		t.Fatal(err)
	}

	for _, protocol := range []struct {
		name string
		opts []connect.ClientOption
	}{
		{"connect+json", []connect.ClientOption{connect.WithProtoJSON()}},
		{"grpc", []connect.ClientOption{connect.WithGRPC()}},
		{"grpc-web", []connect.ClientOption{connect.WithGRPCWeb()}},
	} {
		t.Run(protocol.name, func(t *testing.T) {
			client := portalv1connect.NewManagementServiceClient(srv.Client(), srv.URL, protocol.opts...)
			got, err := client.GetInfo(context.Background(), connect.NewRequest(&portalv1.GetInfoRequest{}))
			if err != nil {
				t.Fatal(err)
			}
			if !proto.Equal(got.Msg.GetProfile(), &rest) {
				t.Errorf("Connect and REST differ:\nconnect %v\nrest    %v", got.Msg.GetProfile(), &rest)
			}
		})
	}
	if rest.GetVersion() != "9.9.9" || rest.GetRibbonEnv() != "test" || len(rest.GetProductsAndServices().GetProducts()) != 5 {
		t.Errorf("profile = %v", &rest)
	}
}

func TestHealthOverREST(t *testing.T) {
	q := healthyQueries()
	srv := newServer(t, q)
	rsp, body := get(t, srv, "/management/health")
	if rsp.StatusCode != http.StatusOK || !json.Valid(body) {
		t.Fatalf("healthy = %d %s", rsp.StatusCode, body)
	}

	q.Probes["redis"] = probeFunc(func(context.Context) error { return errors.New("dial tcp 10.1.2.3:6379: connection refused") })
	srv = newServer(t, q)
	type report struct {
		Status     string `json:"status"`
		Components map[string]struct {
			Status  string            `json:"status"`
			Details map[string]string `json:"details"`
		} `json:"components"`
	}
	healthAs := func(bearer string) (int, report, string) {
		rsp, body := rpctest.Call(t, srv.Client(), "GET", srv.URL+"/management/health", bearer, "")
		var h report
		if err := json.Unmarshal(body, &h); err != nil {
			t.Fatal(err)
		}
		return rsp.StatusCode, h, string(body)
	}
	// Anonymous monitors, stale bearers and non-admins learn the statuses
	// only: which component is DOWN, not why.
	for _, bearer := range []string{"", "stale", "ROLE_USER:1", "ROLE_OPERATIONS:0"} {
		code, h, body := healthAs(bearer)
		if code != http.StatusServiceUnavailable || h.Status != "DOWN" || h.Components["redis"].Status != "DOWN" ||
			len(h.Components["redis"].Details) != 0 || strings.Contains(body, "10.1.2.3") {
			t.Errorf("%q sees %d %s", bearer, code, body)
		}
	}
	for _, bearer := range []string{"ROLE_ADMIN:0", "ROLE_SUPERADMIN:0"} {
		code, h, body := healthAs(bearer)
		if code != http.StatusServiceUnavailable || h.Status != "DOWN" ||
			h.Components["redis"].Details["error"] != "dial tcp 10.1.2.3:6379: connection refused" || h.Components["db"].Status != "UP" {
			t.Fatalf("%s sees %d %s", bearer, code, body)
		}
	}
}

func TestHealthOverConnectHidesDetailsFromAnonymousCallers(t *testing.T) {
	q := healthyQueries()
	q.Probes["db"] = probeFunc(func(context.Context) error { return errors.New("password authentication failed for user portal") })
	srv := newServer(t, q)
	client := portalv1connect.NewManagementServiceClient(srv.Client(), srv.URL, connect.WithGRPC())
	for bearer, wantDetails := range map[string]bool{"": false, "ROLE_USER:1": false, "ROLE_ADMIN:0": true} {
		req := connect.NewRequest(&portalv1.GetHealthRequest{})
		if bearer != "" {
			req.Header().Set("Authorization", "Bearer "+bearer)
		}
		got, err := client.GetHealth(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		h := got.Msg.GetHealth()
		db := h.GetComponents()["db"]
		if h.GetStatus() != portalv1.HealthStatus_DOWN || db.GetStatus() != portalv1.HealthStatus_DOWN || (len(db.GetDetails()) > 0) != wantDetails {
			t.Errorf("%q sees %v", bearer, h)
		}
		if !wantDetails && strings.Contains(h.String(), "password") {
			t.Errorf("%q learns the error: %v", bearer, h)
		}
	}
}

func TestRESTErrorsAreProblemDocuments(t *testing.T) {
	q := healthyQueries()
	q.Catalogs = brokenCatalog{}
	srv := newServer(t, q)
	rsp, body := get(t, srv, "/management/productsandservices")
	var p struct {
		Status  int    `json:"status"`
		Message string `json:"message"`
		Path    string `json:"path"`
	}
	if err := json.Unmarshal(body, &p); err != nil {
		t.Fatalf("%v: %s", err, body)
	}
	if rsp.StatusCode != http.StatusInternalServerError || p.Status != 500 || p.Message != "error.internal" || p.Path != "/management/productsandservices" {
		t.Fatalf("problem = %d %s", rsp.StatusCode, body)
	}
	if rsp.Header.Get("Content-Type") != "application/problem+json" {
		t.Errorf("content type %q", rsp.Header.Get("Content-Type"))
	}
	if string(body) == "" || containsText(body, "reference_code") {
		t.Errorf("internals leak into the answer: %s", body)
	}

	client := portalv1connect.NewManagementServiceClient(srv.Client(), srv.URL)
	_, err := client.GetProductsAndServices(context.Background(), connect.NewRequest(&portalv1.GetProductsAndServicesRequest{}))
	var cerr *connect.Error
	if !errors.As(err, &cerr) || cerr.Code() != connect.CodeUnknown || len(cerr.Details()) != 1 {
		t.Fatalf("connect error = %v", err)
	}
	detail, derr := cerr.Details()[0].Value()
	if derr != nil || detail.(*portalv1.ErrorDetail).GetMessageKey() != "error.internal" {
		t.Fatalf("detail = %v, %v", detail, derr)
	}
}

func TestUnknownPathsReachTheWebapp(t *testing.T) {
	srv := newServer(t, healthyQueries())
	for _, path := range []string{"/", "/batch/12", "/no/such/page"} {
		rsp, body := get(t, srv, path)
		if rsp.StatusCode != http.StatusOK || string(body) != "webapp "+path {
			t.Errorf("GET %s = %d %q", path, rsp.StatusCode, body)
		}
	}
}

func TestUnknownAPIPathsAreNotFound(t *testing.T) {
	srv := newServer(t, healthyQueries())
	for _, path := range []string{"/web/api/nothing", "/management/nothing"} {
		rsp, body := get(t, srv, path)
		var p struct{ Message string }
		if err := json.Unmarshal(body, &p); err != nil || rsp.StatusCode != http.StatusNotFound || p.Message != "error.url.not.found" {
			t.Errorf("GET %s = %d %s", path, rsp.StatusCode, body)
		}
	}
}

func TestOpenAPIDocumentIsServed(t *testing.T) {
	srv := newServer(t, healthyQueries())
	rsp, body := get(t, srv, "/api-docs/portal.openapi.yaml")
	if rsp.StatusCode != http.StatusOK || !containsText(body, "/management/info") {
		t.Fatalf("openapi = %d %.200s", rsp.StatusCode, body)
	}
}

func containsText(body []byte, s string) bool { return strings.Contains(string(body), s) }

func BenchmarkInfoOverREST(b *testing.B) {
	api := newAPI(b, rpc.Handlers{Management: rpc.ManagementHandler{Queries: healthyQueries()}})
	for b.Loop() {
		rec := httptest.NewRecorder()
		api.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/management/info", nil))
		if rec.Code != http.StatusOK {
			b.Fatal(rec.Code)
		}
	}
}

// A Connect call without the optional Connect-Protocol-Version header, as
// curl users write it, must reach the service.
func TestConnectWithoutVersionHeader(t *testing.T) {
	srv := newServer(t, healthyQueries())
	rsp, err := srv.Client().Post(srv.URL+"/portal.v1.ManagementService/GetVersion", "application/json", strings.NewReader("{}"))
	if err != nil {
		t.Fatal(err)
	}
	defer rsp.Body.Close()
	var got struct{ Version string }
	if err := json.NewDecoder(rsp.Body).Decode(&got); err != nil || rsp.StatusCode != http.StatusOK || got.Version != "9.9.9" {
		t.Fatalf("POST GetVersion = %d %+v %v", rsp.StatusCode, got, err)
	}
}

func TestFieldErrorsOverRESTUseTheSpecsNames(t *testing.T) {
	api := newAPI(t, rpc.Handlers{Management: rpc.ManagementHandler{Queries: healthyQueries()}})
	rec := httptest.NewRecorder()
	body := strings.NewReader(`{"login":"a b","email":"anna@example.org","password":"secret","crmId":"DE12345678"}`)
	req := httptest.NewRequest(http.MethodPost, "/web/api/register", body)
	req.Header.Set("Content-Type", "application/json")
	api.ServeHTTP(rec, req)
	var p struct {
		Message     string              `json:"message"`
		FieldErrors []map[string]string `json:"fieldErrors"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil || rec.Code != http.StatusBadRequest || p.Message != "error.validation" || len(p.FieldErrors) != 1 ||
		p.FieldErrors[0]["objectName"] != "registration" || p.FieldErrors[0]["field"] != "login" || p.FieldErrors[0]["message"] != "pattern" {
		t.Fatalf("problem = %d %s", rec.Code, rec.Body)
	}
}

func TestRESTQueryParameters(t *testing.T) {
	srv := newServer(t, healthyQueries())
	if rsp, body := get(t, srv, "/management/info?cacheBuster=123&foo=1"); rsp.StatusCode != http.StatusOK {
		t.Errorf("unknown parameters are ignored: %d %s", rsp.StatusCode, body)
	}
	rsp, body := get(t, srv, "/web/api/customers?page=abc")
	var p struct {
		Status  int
		Message string
	}
	if err := json.Unmarshal(body, &p); err != nil || rsp.StatusCode != http.StatusBadRequest || p.Status != 400 ||
		rsp.Header.Get("Content-Type") != "application/problem+json" {
		t.Errorf("a malformed parameter = %d %q %s", rsp.StatusCode, rsp.Header.Get("Content-Type"), body)
	}
}

// A body that is not the request's JSON is the caller's mistake: 400 with a
// problem document, never a 500. (Signed in: an anonymous caller's body is
// not read at all on this route.)
func TestAQueryValueOfTheWrongTypeNamesItsParameter(t *testing.T) {
	srv := newBatchesAPI(t).srv
	rsp, got := rpctest.Call(t, srv.Client(), "GET", srv.URL+"/web/api/batches?customerId=1&page=abc", "ROLE_USER:1", "")
	var p struct {
		Message, Detail string
		Params          map[string]string
	}
	if json.Unmarshal(got, &p) != nil || rsp.StatusCode != http.StatusBadRequest || p.Message != rpc.KeyMalformedField ||
		p.Params["field"] != "page" || strings.Contains(string(got), "invalid character") {
		t.Errorf("?page=abc = %d %s", rsp.StatusCode, got)
	}
}

func TestMalformedRESTBodiesAreBadRequests(t *testing.T) {
	srv := newBatchesAPI(t).srv
	// The answer names the field it could not read, in the portal's words,
	// never the decoder's ("proto: (line 1:8): invalid value for bytes field csv").
	for body, field := range map[string]string{"{": "", "not json": "", `{"csv":123}`: "csv", `{"csv":"***"}`: "csv"} {
		rsp, got := rpctest.Call(t, srv.Client(), "POST", srv.URL+"/web/api/batches", "ROLE_USER:1", body)
		var p struct {
			Message string
			Params  map[string]string
		}
		key := rpc.KeyMalformedRequest
		if field != "" {
			key = rpc.KeyMalformedField
		}
		if json.Unmarshal(got, &p) != nil || rsp.StatusCode != http.StatusBadRequest || p.Message != key || p.Params["field"] != field ||
			strings.Contains(string(got), "proto") {
			t.Errorf("%q = %d %s", body, rsp.StatusCode, got)
		}
	}
}

// Vanguard answers a REST body it cannot decode with an error but hands the
// handler an empty request: a malformed news item was stored empty. The
// handler must never run for such a body.
func TestMalformedRESTBodiesNeverReachTheHandler(t *testing.T) {
	store := &memory.News{}
	srv := serveAPI(t, rpc.Handlers{News: rpc.NewsHandler{News: news.Service{Store: store, Sanitizer: htmlsafe.New()}}, Callers: customerBearers{}})
	for _, body := range []string{"{", "not json", `{"summaryEn":{"x":1}}`, "{\"summaryEn\":\"\xff\xfe\"}", `{"summaryEn":"a"} trailing`} {
		rsp, got := rpctest.Call(t, srv.Client(), "POST", srv.URL+"/web/api/news", "ROLE_ADMIN:0", body)
		var p struct{ Message string }
		if json.Unmarshal(got, &p) != nil || rsp.StatusCode != http.StatusBadRequest || !strings.HasPrefix(p.Message, "error.malformed") {
			t.Errorf("%q = %d %s", body, rsp.StatusCode, got)
		}
	}
	if list, _ := store.List(context.Background()); len(list) != 0 {
		t.Fatalf("malformed bodies stored %d news items: %+v", len(list), list)
	}
}

// A GET that carries a Content-Type (load tools send text/plain on every
// request) is read like any GET; it was answered 415.
func TestAGetWithAContentTypeIsStillAGet(t *testing.T) {
	srv := newServer(t, healthyQueries())
	for _, contentType := range []string{"text/plain", "application/x-www-form-urlencoded", "application/json"} {
		req, _ := http.NewRequest(http.MethodGet, srv.URL+"/management/info", nil)
		req.Header.Set("Content-Type", contentType)
		rsp, body := rpctest.Send(t, srv.Client(), req)
		if rsp.StatusCode != http.StatusOK {
			t.Errorf("GET with Content-Type %s = %d %s", contentType, rsp.StatusCode, body)
		}
	}
}
