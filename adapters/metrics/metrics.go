// Package metrics is the portal's one set of instruments, on a Prometheus
// registry: HTTP requests, RPC calls, carrier calls, session-cache look-ups,
// the database pool, the job queues and the Go runtime. It serves two views
// of the same figures: the Prometheus text on /metrics (behind a token),
// and the metrics page's figures (management.MetricsReader).
package metrics

import (
	"context"
	"crypto/subtle"
	"log/slog"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	dto "github.com/prometheus/client_model/go"

	"parcelportal/app/management"
	"parcelportal/core/origin"
)

// Registry holds the instruments.
type Registry struct {
	reg          *prometheus.Registry
	http         *prometheus.HistogramVec
	rpc          *prometheus.HistogramVec
	carrier      *prometheus.HistogramVec
	sessionCache *prometheus.CounterVec
	now          func() time.Time
}

// Instrument names, as Prometheus and the metrics page read them.
const (
	httpRequests   = "portal_http_request_duration_seconds"
	rpcCalls       = "portal_rpc_duration_seconds"
	carrierCalls   = "portal_carrier_call_duration_seconds"
	sessionLookups = "portal_session_cache_lookups_total"
)

// New returns a registry with the Go runtime's and the process's figures.
func New() *Registry {
	r := &Registry{reg: prometheus.NewRegistry(), now: time.Now}
	buckets := []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30}
	r.http = prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: httpRequests,
		Help: "HTTP requests by route, method and status.", Buckets: buckets}, []string{"route", "method", "status"})
	r.rpc = prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: rpcCalls,
		Help: "RPC calls by procedure and code.", Buckets: buckets}, []string{"procedure", "code"})
	r.carrier = prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: carrierCalls,
		Help: "Carrier calls by operation and outcome (ok, fault, unavailable, error).", Buckets: buckets}, []string{"operation", "outcome"})
	r.sessionCache = prometheus.NewCounterVec(prometheus.CounterOpts{Name: sessionLookups,
		Help: "Session-cache look-ups by result (hit, miss)."}, []string{"result"})
	r.reg.MustRegister(r.http, r.rpc, r.carrier, r.sessionCache,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return r
}

// ObserveRPC counts one RPC call.
func (r *Registry) ObserveRPC(procedure, code string, d time.Duration) {
	r.rpc.WithLabelValues(procedure, code).Observe(d.Seconds())
}

// ObserveSessionCache counts one look-up of the session cache.
func (r *Registry) ObserveSessionCache(hit bool) {
	result := "miss"
	if hit {
		result = "hit"
	}
	r.sessionCache.WithLabelValues(result).Inc()
}

// CarrierObserver counts carrier calls and tells log about each at DEBUG.
func (r *Registry) CarrierObserver(log *slog.Logger) func(ctx context.Context, op, outcome string, d time.Duration) {
	return func(ctx context.Context, op, outcome string, d time.Duration) {
		r.carrier.WithLabelValues(op, outcome).Observe(d.Seconds())
		log.DebugContext(ctx, "carrier call", "operation", op, "outcome", outcome, "ms", d.Milliseconds())
	}
}

// HTTP counts and times every request next serves, by route: the path
// with its ids replaced by {id}, so that a route is one series. With an
// access logger it also writes one INFO line per request: method, route,
// status, milliseconds, bytes, the request id and the caller's login.
func (r *Registry) HTTP(next http.Handler, access *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		started := r.now()
		// Taken first: the REST transcoder rewrites the path to the RPC's.
		path, method := route(req.URL.Path), req.Method
		sw := &statusWriter{ResponseWriter: w, status: http.StatusOK}
		ctx := origin.WithCallerNote(req.Context())
		next.ServeHTTP(sw, req.WithContext(ctx))
		took := r.now().Sub(started)
		r.http.WithLabelValues(path, method, strconv.Itoa(sw.status)).Observe(took.Seconds())
		if access != nil && access.Enabled(ctx, slog.LevelInfo) {
			access.LogAttrs(ctx, slog.LevelInfo, "request", slog.String("method", method), slog.String("route", path),
				slog.Int("status", sw.status), slog.Int64("ms", took.Milliseconds()), slog.Int64("bytes", sw.bytes),
				slog.String("requestId", w.Header().Get("X-Request-Id")), slog.String("caller", origin.NotedCaller(ctx)))
		}
	})
}

type statusWriter struct {
	http.ResponseWriter
	status int
	wrote  bool
	bytes  int64
}

func (w *statusWriter) WriteHeader(code int) {
	if !w.wrote {
		w.status, w.wrote = code, true
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	w.wrote = true
	n, err := w.ResponseWriter.Write(b)
	w.bytes += int64(n)
	return n, err
}

func (w *statusWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// Unwrap lets http.ResponseController reach the connection.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

var idSegment = regexp.MustCompile(`^(?:\d+|[0-9a-fA-F-]{16,}|[A-Z]{2}\d{9}[A-Z]{2})$`)

// route names a path's series: API paths with ids as {id}; every webapp
// path is one route, so browsing cannot make a series per URL.
func route(path string) string {
	if !strings.HasPrefix(path, "/web/api/") && !strings.HasPrefix(path, "/management/") &&
		!strings.HasPrefix(path, "/api/") && !strings.HasPrefix(path, "/portal.") && path != "/metrics" {
		if strings.HasPrefix(path, "/assets/") {
			return "/assets/*"
		}
		return "/*"
	}
	parts := strings.Split(path, "/")
	for i, p := range parts {
		if idSegment.MatchString(p) {
			parts[i] = "{id}"
		}
	}
	if len(parts) > 8 {
		parts = append(parts[:8], "*")
	}
	return strings.Join(parts, "/")
}

// WatchPool adds the database pool's figures, read at each collection.
func (r *Registry) WatchPool(pool *pgxpool.Pool) {
	gauge := func(name, help string, read func(*pgxpool.Stat) float64) prometheus.Collector {
		return prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: name, Help: help}, func() float64 { return read(pool.Stat()) })
	}
	counter := func(name, help string, read func(*pgxpool.Stat) float64) prometheus.Collector {
		return prometheus.NewCounterFunc(prometheus.CounterOpts{Name: name, Help: help}, func() float64 { return read(pool.Stat()) })
	}
	r.reg.MustRegister(
		gauge("portal_db_pool_acquired_connections", "Connections in use.", func(s *pgxpool.Stat) float64 { return float64(s.AcquiredConns()) }),
		gauge("portal_db_pool_idle_connections", "Idle connections.", func(s *pgxpool.Stat) float64 { return float64(s.IdleConns()) }),
		gauge("portal_db_pool_total_connections", "Open connections.", func(s *pgxpool.Stat) float64 { return float64(s.TotalConns()) }),
		gauge("portal_db_pool_max_connections", "Largest number of connections.", func(s *pgxpool.Stat) float64 { return float64(s.MaxConns()) }),
		counter("portal_db_pool_acquires_total", "Connections handed out.", func(s *pgxpool.Stat) float64 { return float64(s.AcquireCount()) }),
		counter("portal_db_pool_empty_acquires_total", "Acquisitions that waited for a connection.", func(s *pgxpool.Stat) float64 { return float64(s.EmptyAcquireCount()) }),
		counter("portal_db_pool_acquire_wait_seconds_total", "Time spent waiting for connections.", func(s *pgxpool.Stat) float64 { return s.AcquireDuration().Seconds() }),
	)
}

// QueueSource reads the job queues' figures.
type QueueSource interface {
	QueueStats() ([]management.QueueFigures, error)
}

// WatchQueues adds the job queues' figures, read from Redis at each
// collection (asynq's inspector).
func (r *Registry) WatchQueues(source QueueSource) {
	r.reg.MustRegister(queueCollector{source})
}

var queueDesc = prometheus.NewDesc("portal_job_queue_jobs", "Jobs in the queue by state (pending, active, retry, failed, scheduled, processed today).",
	[]string{"queue", "state"}, nil)

type queueCollector struct{ source QueueSource }

func (c queueCollector) Describe(ch chan<- *prometheus.Desc) { ch <- queueDesc }

func (c queueCollector) Collect(ch chan<- prometheus.Metric) {
	stats, err := c.source.QueueStats()
	if err != nil {
		ch <- prometheus.NewInvalidMetric(queueDesc, err)
		return
	}
	for _, q := range stats {
		for state, v := range map[string]float64{"pending": q.Pending, "active": q.Active, "retry": q.Retry,
			"failed": q.Failed, "scheduled": q.Scheduled, "processed": q.Processed} {
			ch <- prometheus.MustNewConstMetric(queueDesc, prometheus.GaugeValue, v, q.Name, state)
		}
	}
}

// Handler serves the Prometheus text to a scraper that sends token as its
// bearer. Without a configured token /metrics does not exist (404): the
// figures name routes and queues, which are nobody else's business.
func (r *Registry) Handler(token string) http.Handler {
	prom := promhttp.HandlerFor(r.reg, promhttp.HandlerOpts{ErrorHandling: promhttp.ContinueOnError})
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		if token == "" {
			http.NotFound(w, req)
			return
		}
		got, ok := strings.CutPrefix(req.Header.Get("Authorization"), "Bearer ")
		if !ok || subtle.ConstantTimeCompare([]byte(got), []byte(token)) != 1 {
			w.Header().Set("WWW-Authenticate", `Bearer realm="metrics"`)
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		prom.ServeHTTP(w, req)
	})
}

// Metrics reads the figures of the metrics page from the same registry.
func (r *Registry) Metrics(context.Context) (management.Metrics, error) {
	families, err := r.reg.Gather()
	if err != nil && len(families) == 0 {
		return management.Metrics{}, err
	}
	m := management.Metrics{CollectedAt: r.now().UTC()}
	byName := map[string]*dto.MetricFamily{}
	for _, f := range families {
		byName[f.GetName()] = f
	}
	value := func(name string) float64 {
		f := byName[name]
		if f == nil || len(f.GetMetric()) == 0 {
			return 0
		}
		metric := f.GetMetric()[0]
		switch {
		case metric.GetGauge() != nil:
			return metric.GetGauge().GetValue()
		case metric.GetCounter() != nil:
			return metric.GetCounter().GetValue()
		}
		return 0
	}
	rt := &m.Runtime
	rt.HeapAllocBytes = value("go_memstats_heap_alloc_bytes")
	rt.HeapSysBytes = value("go_memstats_heap_sys_bytes")
	rt.SysBytes = value("go_memstats_sys_bytes")
	rt.HeapObjects = value("go_memstats_heap_objects")
	rt.Goroutines = value("go_goroutines")
	rt.Threads = value("go_threads")
	rt.CPUSeconds = value("process_cpu_seconds_total")
	if start := value("process_start_time_seconds"); start > 0 {
		rt.UptimeSeconds = float64(r.now().Unix()) - start
	}
	if f := byName["go_gc_duration_seconds"]; f != nil && len(f.GetMetric()) > 0 {
		s := f.GetMetric()[0].GetSummary()
		rt.GCCount, rt.GCPauseSeconds = float64(s.GetSampleCount()), s.GetSampleSum()
	}
	m.HTTP = figures(byName[httpRequests], "route", "method", "status")
	m.RPC = figures(byName[rpcCalls], "procedure", "", "code")
	m.Carrier = figures(byName[carrierCalls], "operation", "", "outcome")
	if f := byName[sessionLookups]; f != nil {
		for _, metric := range f.GetMetric() {
			if label(metric, "result") == "hit" {
				m.SessionCache.Hits = metric.GetCounter().GetValue()
			} else {
				m.SessionCache.Misses = metric.GetCounter().GetValue()
			}
		}
	}
	m.Database = management.PoolFigures{
		Acquired: value("portal_db_pool_acquired_connections"), Idle: value("portal_db_pool_idle_connections"),
		Total: value("portal_db_pool_total_connections"), Max: value("portal_db_pool_max_connections"),
		AcquireCount: value("portal_db_pool_acquires_total"), EmptyAcquireCount: value("portal_db_pool_empty_acquires_total"),
		AcquireWaitSeconds: value("portal_db_pool_acquire_wait_seconds_total"),
	}
	m.Queues = queues(byName["portal_job_queue_jobs"])
	return m, nil
}

func label(m *dto.Metric, name string) string {
	for _, l := range m.GetLabel() {
		if l.GetName() == name {
			return l.GetValue()
		}
	}
	return ""
}

func figures(f *dto.MetricFamily, name, method, outcome string) []management.RequestFigure {
	if f == nil {
		return nil
	}
	out := make([]management.RequestFigure, 0, len(f.GetMetric()))
	for _, metric := range f.GetMetric() {
		h := metric.GetHistogram()
		fig := management.RequestFigure{Name: label(metric, name), Outcome: label(metric, outcome),
			Count: float64(h.GetSampleCount()), TotalSeconds: h.GetSampleSum()}
		if method != "" {
			fig.Method = label(metric, method)
		}
		out = append(out, fig)
	}
	return out
}

func queues(f *dto.MetricFamily) []management.QueueFigures {
	if f == nil {
		return nil
	}
	byQueue := map[string]*management.QueueFigures{}
	var order []string
	for _, metric := range f.GetMetric() {
		name := label(metric, "queue")
		q, ok := byQueue[name]
		if !ok {
			q = &management.QueueFigures{Name: name}
			byQueue[name] = q
			order = append(order, name)
		}
		v := metric.GetGauge().GetValue()
		switch label(metric, "state") {
		case "pending":
			q.Pending = v
		case "active":
			q.Active = v
		case "retry":
			q.Retry = v
		case "failed":
			q.Failed = v
		case "scheduled":
			q.Scheduled = v
		case "processed":
			q.Processed = v
		}
	}
	out := make([]management.QueueFigures, 0, len(order))
	for _, name := range order {
		out = append(out, *byQueue[name])
	}
	return out
}
