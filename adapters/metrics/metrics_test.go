package metrics_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"parcelportal/adapters/metrics"
	"parcelportal/app/management"
	"parcelportal/core/origin"
)

type queues struct{}

func (queues) QueueStats() ([]management.QueueFigures, error) {
	return []management.QueueFigures{{Name: "batches", Pending: 3, Active: 1, Retry: 2, Failed: 4}}, nil
}

func scrape(t *testing.T, h http.Handler, bearer string) (int, string) {
	t.Helper()
	req := httptest.NewRequest("GET", "/metrics", nil)
	if bearer != "" {
		req.Header.Set("Authorization", "Bearer "+bearer)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	b, _ := io.ReadAll(rec.Body)
	return rec.Code, string(b)
}

func TestPrometheusNeedsTheToken(t *testing.T) {
	r := metrics.New()
	if code, _ := scrape(t, r.Handler(""), ""); code != http.StatusNotFound {
		t.Errorf("no token configured = %d", code)
	}
	h := r.Handler("scrape-token")
	for _, bearer := range []string{"", "wrong", "scrape-token-and-more"} {
		if code, body := scrape(t, h, bearer); code != http.StatusUnauthorized || strings.Contains(body, "go_goroutines") {
			t.Errorf("bearer %q = %d", bearer, code)
		}
	}
	r.ObserveRPC("/portal.v1.BatchService/SendBatch", "ok", 20*time.Millisecond)
	r.WatchQueues(queues{})
	r.CarrierObserver(slog.New(slog.DiscardHandler))(context.Background(), "CreateLabel", "fault", time.Millisecond)
	code, body := scrape(t, h, "scrape-token")
	for _, want := range []string{"go_goroutines", `portal_rpc_duration_seconds_count{code="ok",procedure="/portal.v1.BatchService/SendBatch"} 1`,
		`portal_job_queue_jobs{queue="batches",state="pending"} 3`, `portal_carrier_call_duration_seconds_count{operation="CreateLabel",outcome="fault"} 1`} {
		if code != http.StatusOK || !strings.Contains(body, want) {
			t.Errorf("scrape = %d, missing %s", code, want)
		}
	}
}

func TestTheMetricsPageReadsTheSameInstruments(t *testing.T) {
	r := metrics.New()
	r.WatchQueues(queues{})
	r.ObserveSessionCache(true)
	r.ObserveSessionCache(false)
	r.ObserveSessionCache(true)
	r.CarrierObserver(slog.New(slog.DiscardHandler))(context.Background(), "CreateLabel", "ok", 40*time.Millisecond)
	srv := httptest.NewServer(r.HTTP(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusTeapot) }), nil))
	defer srv.Close()
	for _, path := range []string{"/web/api/batches/17", "/web/api/batches/18", "/batch/17/edit"} {
		rsp, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		_ = rsp.Body.Close()
	}
	m, err := r.Metrics(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Queues) != 1 || m.Queues[0].Pending != 3 || m.Queues[0].Failed != 4 || m.SessionCache.Hits != 2 || m.SessionCache.Misses != 1 {
		t.Errorf("queues %+v, cache %+v", m.Queues, m.SessionCache)
	}
	if len(m.Carrier) != 1 || m.Carrier[0].Count != 1 || m.Carrier[0].TotalSeconds < 0.039 {
		t.Errorf("carrier %+v", m.Carrier)
	}
	routes := map[string]float64{}
	for _, f := range m.HTTP {
		routes[f.Name+" "+f.Outcome] = f.Count
	}
	if routes["/web/api/batches/{id} 418"] != 2 || routes["/* 418"] != 1 || len(routes) != 2 {
		t.Errorf("routes %v", routes)
	}
}

// One access line per request at INFO, as JSON with a JSON handler: the
// method, the route (ids as {id}), the status, the time, the bytes, the
// request id and the caller's login, noted by the step that resolved it
// inside the handler.
func TestAnAccessLineNamesTheRequestAndItsCaller(t *testing.T) {
	var out bytes.Buffer
	access := slog.New(slog.NewJSONHandler(&out, nil))
	handler := metrics.New().HTTP(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		origin.NoteCaller(r.Context(), "anna")
		w.Header().Set("X-Request-Id", "req-12345678")
		w.WriteHeader(http.StatusCreated)
		_, _ = w.Write([]byte("hello"))
	}), access)
	srv := httptest.NewServer(handler)
	defer srv.Close()
	rsp, err := http.Post(srv.URL+"/web/api/batches/17/send", "application/json", strings.NewReader("{}"))
	if err != nil {
		t.Fatal(err)
	}
	_ = rsp.Body.Close()
	var line map[string]any
	if err := json.Unmarshal(out.Bytes(), &line); err != nil {
		t.Fatalf("%v: %q", err, out.String())
	}
	want := map[string]any{"level": "INFO", "msg": "request", "method": "POST", "route": "/web/api/batches/{id}/send",
		"status": float64(201), "bytes": float64(5), "requestId": "req-12345678", "caller": "anna"}
	for k, v := range want {
		if line[k] != v {
			t.Errorf("%s = %v, want %v (line %s)", k, line[k], v, out.String())
		}
	}
	if _, ok := line["ms"]; !ok {
		t.Errorf("no duration: %s", out.String())
	}
}
