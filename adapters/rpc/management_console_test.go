package rpc_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"runtime/pprof"
	"strings"
	"testing"
	"time"

	"connectrpc.com/connect"

	"parcelportal/adapters/logging"
	"parcelportal/adapters/memory"
	"parcelportal/adapters/metrics"
	"parcelportal/adapters/rpc"
	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/adapters/rpc/gen/portal/v1/portalv1connect"
	"parcelportal/app/identity"
	"parcelportal/app/management"
	"parcelportal/core/failure"
)

// The secrets of the console's configuration: none may appear in any answer.
var consoleSecrets = []string{"c2VjcmV0LWtleS0zMi1ieXRlcy1sb25nLWtleQ==", "captcha-hmac-secret-value", "scrape-token-0123456789", "db-pass-w0rd"}

type fakeConfig struct{}

func (fakeConfig) Settings() []management.Property {
	return []management.Property{
		{Source: "portal", Key: "CredentialsKey", Value: consoleSecrets[0]},
		{Source: "portal", Key: "CaptchaSecret", Value: consoleSecrets[1]},
		{Source: "portal", Key: "MetricsToken", Value: consoleSecrets[2]},
		{Source: "portal", Key: "DatabaseURL", Value: "postgres://portal:" + consoleSecrets[3] + "@db:5432/portal"},
		{Source: "portal", Key: "Addr", Value: "127.0.0.1:8080"},
	}
}

func (fakeConfig) Environment() []management.Property {
	return []management.Property{
		{Source: "process environment", Key: "CREDENTIALS_KEY", Value: consoleSecrets[0]},
		{Source: "process environment", Key: "STARTUP_ARGS", Value: "--token " + consoleSecrets[2]},
		{Source: "process environment", Key: "SMTP_PASSWORD", Value: "smtp-secret"},
		{Source: "process environment", Key: "PORTAL_ENV", Value: "test"},
	}
}

func (fakeConfig) Secrets() []string { return consoleSecrets }

type runtimeDump struct{}

func (runtimeDump) GoroutineDump() string {
	var b bytes.Buffer
	_ = pprof.Lookup("goroutine").WriteTo(&b, 2)
	return b.String()
}

type console struct {
	srv     *httptest.Server
	audits  *memory.AuditLog
	logs    *logging.Registry
	metrics *metrics.Registry
	logged  *bytes.Buffer
}

func newConsole(t *testing.T) console {
	t.Helper()
	c := console{audits: &memory.AuditLog{}, metrics: metrics.New(), logged: &bytes.Buffer{}}
	c.logs = logging.New(slog.NewJSONHandler(c.logged, &slog.HandlerOptions{Level: slog.Level(-100)}), "INFO")
	for _, name := range []string{"rpc", "batch-jobs"} {
		c.logs.Logger(name)
	}
	q := healthyQueries()
	q.Metrics, q.Goroutines, q.Loggers, q.Configuration, q.Audits = c.metrics, runtimeDump{}, c.logs, fakeConfig{}, c.audits
	api := newAPI(t, rpc.Handlers{Management: rpc.ManagementHandler{Queries: q}, Callers: customerBearers{},
		Observer: c.metrics, Audit: c.audits, Log: c.logs.Logger("rpc")})
	c.srv = httptest.NewServer(c.metrics.HTTP(api, nil))
	t.Cleanup(c.srv.Close)
	return c
}

func (c console) call(t *testing.T, method, path, bearer, body string) (*http.Response, []byte) {
	t.Helper()
	req, _ := http.NewRequest(method, c.srv.URL+path, strings.NewReader(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if bearer != "" {
		req.Header.Set("Authorization", "Bearer "+bearer)
	}
	rsp, err := c.srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer rsp.Body.Close()
	b, _ := io.ReadAll(rsp.Body)
	return rsp, b
}

var consoleCalls = []struct{ method, path, body string }{
	{"GET", "/management/jhimetrics", ""},
	{"GET", "/management/threaddump", ""},
	{"GET", "/management/loggers", ""},
	{"POST", "/management/loggers/rpc", `{"configuredLevel":"WARN"}`},
	{"GET", "/management/configprops", ""},
	{"GET", "/management/env", ""},
	{"GET", "/management/audits", ""},
}

func TestConsoleCallsAreAdminsOnly(t *testing.T) {
	c := newConsole(t)
	for _, call := range consoleCalls {
		if rsp, b := c.call(t, call.method, call.path, "", call.body); rsp.StatusCode != http.StatusUnauthorized {
			t.Errorf("anonymous %s %s = %d %s", call.method, call.path, rsp.StatusCode, b)
		}
		for _, role := range []string{"ROLE_USER:1", "ROLE_OPERATIONS", "ROLE_CUSTOMER_SERVICE", "ROLE_API:1", "ROLE_TRACKING:1"} {
			if rsp, b := c.call(t, call.method, call.path, role, call.body); rsp.StatusCode != http.StatusForbidden || !strings.Contains(string(b), "error.forbidden") {
				t.Errorf("%s %s %s = %d %s", role, call.method, call.path, rsp.StatusCode, b)
			}
		}
		for _, role := range []string{"ROLE_ADMIN", "ROLE_SUPERADMIN"} {
			if rsp, b := c.call(t, call.method, call.path, role, call.body); rsp.StatusCode != http.StatusOK {
				t.Errorf("%s %s %s = %d %s", role, call.method, call.path, rsp.StatusCode, b)
			}
		}
	}
	// Over Connect the refusal is permission_denied.
	client := portalv1connect.NewManagementServiceClient(c.srv.Client(), c.srv.URL)
	req := connect.NewRequest(&portalv1.GetEnvRequest{})
	req.Header().Set("Authorization", "Bearer ROLE_USER:1")
	if _, err := client.GetEnv(context.Background(), req); connect.CodeOf(err) != connect.CodePermissionDenied {
		t.Errorf("GetEnv as a user over Connect = %v", err)
	}
	// The health stays public and shows statuses only, no details.
	if rsp, b := c.call(t, "GET", "/management/health", "", ""); rsp.StatusCode != http.StatusOK || !detailless(b) {
		t.Errorf("anonymous health = %d %s", rsp.StatusCode, b)
	}
}

func TestConfigurationNeverShowsASecret(t *testing.T) {
	c := newConsole(t)
	var all strings.Builder
	for _, path := range []string{"/management/configprops", "/management/env"} {
		rsp, b := c.call(t, "GET", path, "ROLE_ADMIN", "")
		if rsp.StatusCode != http.StatusOK || !strings.Contains(string(b), "******") {
			t.Fatalf("%s = %d %s", path, rsp.StatusCode, b)
		}
		all.Write(b)
	}
	for _, secret := range append(consoleSecrets, "smtp-secret") {
		if strings.Contains(all.String(), secret) || strings.Contains(c.logged.String(), secret) {
			t.Errorf("secret %q shown:\n%s\nlog:\n%s", secret, all.String(), c.logged.String())
		}
	}
	if !strings.Contains(all.String(), "127.0.0.1:8080") || !strings.Contains(all.String(), "postgres://portal:******@db:5432/portal") {
		t.Errorf("plain settings hidden too: %s", all.String())
	}
}

func TestLoggerLevelChangesTakeEffect(t *testing.T) {
	c := newConsole(t)
	rsp, b := c.call(t, "POST", "/management/loggers/rpc", "ROLE_ADMIN", `{"configuredLevel":"debug"}`)
	if rsp.StatusCode != http.StatusOK {
		t.Fatalf("set DEBUG = %d %s", rsp.StatusCode, b)
	}
	_, b = c.call(t, "GET", "/management/loggers", "ROLE_ADMIN", "")
	var list struct {
		Loggers []struct{ Name, ConfiguredLevel string }
		Levels  []string
	}
	if err := json.Unmarshal(b, &list); err != nil || len(list.Levels) != 6 {
		t.Fatalf("loggers = %s", b)
	}
	for _, l := range list.Loggers {
		if l.Name == "rpc" && l.ConfiguredLevel != "DEBUG" {
			t.Fatalf("rpc logger = %+v", l)
		}
	}
	// DEBUG on rpc logs every call from now on, each naming its request.
	if !strings.Contains(c.logged.String(), `"msg":"rpc call"`) || !strings.Contains(c.logged.String(), "ListLoggers") ||
		!strings.Contains(c.logged.String(), `"requestId":"`) {
		t.Fatalf("no rpc call logged at DEBUG: %s", c.logged.String())
	}
	// A proxy's request id is kept and answered; a client's odd one is replaced.
	req, _ := http.NewRequest("GET", c.srv.URL+"/management/loggers", nil)
	req.Header.Set("Authorization", "Bearer ROLE_ADMIN")
	req.Header.Set("X-Request-Id", "proxy-req-0001")
	idRsp, err := c.srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_ = idRsp.Body.Close()
	if idRsp.Header.Get("X-Request-Id") != "proxy-req-0001" || !strings.Contains(c.logged.String(), `"requestId":"proxy-req-0001"`) {
		t.Fatalf("request id %q, log %s", idRsp.Header.Get("X-Request-Id"), c.logged.String())
	}
	req.Header.Set("X-Request-Id", "evil\" injected")
	if idRsp, err = c.srv.Client().Do(req); err != nil {
		t.Fatal(err)
	}
	_ = idRsp.Body.Close()
	if got := idRsp.Header.Get("X-Request-Id"); len(got) != 16 || strings.Contains(c.logged.String(), "injected") {
		t.Fatalf("odd request id kept: %q", got)
	}
	rsp, b = c.call(t, "POST", "/management/loggers/rpc", "ROLE_ADMIN", `{"configuredLevel":"LOUD"}`)
	if rsp.StatusCode != http.StatusBadRequest || !strings.Contains(string(b), "error.logger.level") {
		t.Fatalf("bad level = %d %s", rsp.StatusCode, b)
	}
	rsp, b = c.call(t, "POST", "/management/loggers/nobody", "ROLE_ADMIN", `{"configuredLevel":"INFO"}`)
	if rsp.StatusCode != http.StatusNotFound || !strings.Contains(string(b), "error.logger.notFound") {
		t.Fatalf("unknown logger = %d %s", rsp.StatusCode, b)
	}
	// The level stayed DEBUG after the refusals, and the change was audited with who and from where.
	if got := c.logs.Loggers(); got[1].Name != "rpc" || got[1].ConfiguredLevel != "DEBUG" {
		t.Fatalf("after refusals %+v", got)
	}
	events, _, _ := c.audits.ListAudits(context.Background(), management.AuditQuery{Size: 10, Descending: true})
	if len(events) != 1 || events[0].Type != "LOGGER_LEVEL_CHANGED" || events[0].Principal != "role_admin" ||
		events[0].Data["name"] != "rpc" || events[0].Data["configuredLevel"] != "debug" || events[0].RemoteAddress != "127.0.0.1" {
		t.Fatalf("audits %+v", events)
	}
}

func TestAuditsArePagedWithTheTotalInAHeader(t *testing.T) {
	c := newConsole(t)
	day := time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC)
	for i, login := range []string{"anna", "bert", "carla"} {
		_ = c.audits.Record(context.Background(), identity.AuditEvent{Principal: login, Type: identity.AuditSignIn, At: day.Add(time.Duration(i) * time.Hour)})
	}
	_ = c.audits.Record(context.Background(), identity.AuditEvent{Principal: "dora", Type: identity.AuditSignIn, At: day.AddDate(0, 0, 2)})
	rsp, b := c.call(t, "GET", "/management/audits?page=0&size=2&sort=timestamp,desc&fromDate=2026-11-20&toDate=2026-11-20", "ROLE_ADMIN", "")
	var page []struct{ Principal, Type, Timestamp string }
	if err := json.Unmarshal(b, &page); err != nil || rsp.StatusCode != http.StatusOK || rsp.Header.Get("X-Total-Count") != "3" ||
		len(page) != 2 || page[0].Principal != "carla" || page[0].Timestamp != "2026-11-20T12:00:00Z" {
		t.Fatalf("audits = %d %s (total %q)", rsp.StatusCode, b, rsp.Header.Get("X-Total-Count"))
	}
	for query, key := range map[string]string{
		"sort=password,desc": "error.audits.sort", "fromDate=20.11.2026": "error.audits.date", "size=5000": "error.validation", "page=-1": "error.validation",
	} {
		if rsp, b := c.call(t, "GET", "/management/audits?"+query, "ROLE_ADMIN", ""); rsp.StatusCode != http.StatusBadRequest || !strings.Contains(string(b), key) {
			t.Errorf("%s = %d %s", query, rsp.StatusCode, b)
		}
	}
}

func TestMetricsAndThreadDump(t *testing.T) {
	c := newConsole(t)
	c.call(t, "GET", "/management/loggers", "ROLE_ADMIN", "")
	c.call(t, "GET", "/management/loggers", "ROLE_ADMIN", "")
	rsp, b := c.call(t, "GET", "/management/jhimetrics", "ROLE_ADMIN", "")
	var m struct {
		Runtime      struct{ Goroutines, HeapAllocBytes float64 }
		HttpRequests []struct{ Name, Method, Outcome string }
		RpcCalls     []struct {
			Name, Outcome string
			Count         float64
		}
		SessionCache struct{ Hits, Misses float64 }
	}
	if err := json.Unmarshal(b, &m); err != nil || rsp.StatusCode != http.StatusOK {
		t.Fatalf("metrics = %d %s", rsp.StatusCode, b)
	}
	if m.Runtime.Goroutines < 1 || m.Runtime.HeapAllocBytes <= 0 || m.SessionCache.Hits < 1 || m.SessionCache.Misses < 1 {
		t.Errorf("figures %+v", m)
	}
	counted := false
	for _, f := range m.RpcCalls {
		counted = counted || (f.Name == portalv1connect.ManagementServiceListLoggersProcedure && f.Outcome == "ok" && f.Count == 2)
	}
	routed := false
	for _, f := range m.HttpRequests {
		routed = routed || (f.Name == "/management/loggers" && f.Method == "GET" && f.Outcome == "200")
	}
	if !counted || !routed {
		t.Errorf("calls not counted: %s", b)
	}
	rsp, b = c.call(t, "GET", "/management/threaddump", "ROLE_ADMIN", "")
	var d struct {
		GoroutineCount int
		Groups         []struct {
			State string
			Count int
			Stack []string
		}
	}
	if err := json.Unmarshal(b, &d); err != nil || rsp.StatusCode != http.StatusOK || d.GoroutineCount < 2 || len(d.Groups) == 0 || len(d.Groups[0].Stack) == 0 {
		t.Fatalf("thread dump = %d %s", rsp.StatusCode, b)
	}
}

type fakeDatabase struct{}

func (fakeDatabase) Query(_ context.Context, sql string, _ management.ConsoleBounds) (management.QueryResult, error) {
	if strings.HasPrefix(sql, "UPDATE") {
		return management.QueryResult{}, failure.New(failure.Invalid, management.KeyConsoleReadOnly)
	}
	return management.QueryResult{Columns: []string{"login", "note"}, Rows: [][]management.Cell{{{Text: "anna"}, {Null: true}}}}, nil
}

func TestDatabaseConsoleIsAdminsOnlyAbsentInProductionAndAudited(t *testing.T) {
	serve := func(production bool) (*httptest.Server, *memory.AuditLog) {
		audits := &memory.AuditLog{}
		q := healthyQueries()
		q.Settings.Production = production
		q.Database = fakeDatabase{}
		srv := serveAPI(t, rpc.Handlers{Management: rpc.ManagementHandler{Queries: q}, Callers: customerBearers{}, Audit: audits})
		return srv, audits
	}
	srv, audits := serve(false)
	c := console{srv: srv}
	rsp, b := c.call(t, "POST", "/management/database/query", "ROLE_ADMIN", `{"sql":"SELECT login, note FROM users"}`)
	// protojson varies its spacing on purpose: compare the compacted answer.
	var compact bytes.Buffer
	_ = json.Compact(&compact, b)
	if rsp.StatusCode != http.StatusOK || !strings.Contains(compact.String(), `"cells":["anna",""],"nulls":[false,true]`) || !strings.Contains(compact.String(), `"maxRows":500`) {
		t.Fatalf("SELECT = %d %s", rsp.StatusCode, b)
	}
	rsp, b = c.call(t, "POST", "/management/database/query", "ROLE_ADMIN", `{"sql":"UPDATE users SET login = 'x'"}`)
	if rsp.StatusCode != http.StatusBadRequest || !strings.Contains(string(b), management.KeyConsoleReadOnly) {
		t.Fatalf("UPDATE = %d %s", rsp.StatusCode, b)
	}
	// Every non-admin role is refused, as for the other console calls.
	for _, bearer := range []string{"ROLE_USER:1", "ROLE_OPERATIONS", "ROLE_CUSTOMER_SERVICE", "ROLE_API:1", "ROLE_TRACKING:1", ""} {
		want := http.StatusForbidden
		if bearer == "" {
			want = http.StatusUnauthorized
		}
		if rsp, b := c.call(t, "POST", "/management/database/query", bearer, `{"sql":"SELECT 1"}`); rsp.StatusCode != want {
			t.Errorf("%q = %d %s", bearer, rsp.StatusCode, b)
		}
	}
	if rsp, b := c.call(t, "POST", "/management/database/query", "ROLE_ADMIN", `{"sql":""}`); rsp.StatusCode != http.StatusBadRequest || !strings.Contains(string(b), "error.validation") {
		t.Errorf("empty = %d %s", rsp.StatusCode, b)
	}
	events, _, _ := audits.ListAudits(context.Background(), management.AuditQuery{Size: 10})
	if len(events) != 2 || events[0].Data["sql"] != "SELECT login, note FROM users" || events[0].Data["outcome"] != "ok" ||
		events[1].Data["outcome"] != management.KeyConsoleReadOnly || events[1].Type != "DATABASE_QUERY" || events[1].Principal != "role_admin" {
		t.Fatalf("audits %+v", events)
	}

	srv, _ = serve(true)
	c = console{srv: srv}
	if rsp, b := c.call(t, "POST", "/management/database/query", "ROLE_ADMIN", `{"sql":"SELECT 1"}`); rsp.StatusCode != http.StatusNotFound || !strings.Contains(string(b), management.KeyConsoleOff) {
		t.Errorf("in production = %d %s", rsp.StatusCode, b)
	}
}

// detailless tells whether a health report's components carry no details.
func detailless(body []byte) bool {
	var h struct {
		Components map[string]struct {
			Details map[string]string `json:"details"`
		} `json:"components"`
	}
	if json.Unmarshal(body, &h) != nil {
		return false
	}
	for _, c := range h.Components {
		if len(c.Details) > 0 {
			return false
		}
	}
	return true
}
