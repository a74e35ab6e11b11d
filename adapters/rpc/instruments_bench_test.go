package rpc_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"parcelportal/adapters/htmlsafe"
	"parcelportal/adapters/logging"
	"parcelportal/adapters/memory"
	"parcelportal/adapters/metrics"
	"parcelportal/adapters/rpc"
	"parcelportal/app/news"
	"parcelportal/core/document"
)

// BenchmarkInstrumentsOverhead compares, in one run, an authenticated list
// call (GET web/api/news as an admin, 20 items, served in process) through a portal without
// instruments and through one with them all (the HTTP and RPC metrics,
// the session-cache counter, the rpc logger at INFO writing JSON, the audit
// interceptor). Iterations alternate between the two, so both see the same
// machine. It reports µs per call of each and the overhead in percent; the
// issue's target is at most 5 %.
func BenchmarkInstrumentsOverhead(b *testing.B) {
	store := &memory.News{}
	for i := range 20 {
		if _, err := store.Create(context.Background(), document.News{Summary: fmt.Sprintf("news %d", i), SummaryEn: "en", ArticleEn: "<p>text</p>"}); err != nil {
			b.Fatal(err)
		}
	}
	serve := func(instrumented bool) http.Handler {
		h := rpc.Handlers{News: rpc.NewsHandler{News: news.Service{Store: store, Sanitizer: htmlsafe.New()}}, Callers: customerBearers{}}
		var handler http.Handler
		if instrumented {
			reg := metrics.New()
			logs := logging.New(slog.NewJSONHandler(io.Discard, nil), "INFO")
			h.Observer, h.Log, h.Audit = reg, logs.Logger("rpc"), &memory.AuditLog{}
			api := newAPI(b, h)
			handler = reg.HTTP(api, logs.Logger("access"))
		} else {
			api := newAPI(b, h)
			handler = api
		}
		return handler
	}
	plain, instrumented := serve(false), serve(true)
	call := func(h http.Handler) time.Duration {
		req := httptest.NewRequest("GET", "/web/api/news", nil)
		req.Header.Set("Authorization", "Bearer ROLE_ADMIN")
		rec := httptest.NewRecorder()
		started := time.Now()
		h.ServeHTTP(rec, req)
		d := time.Since(started)
		if rec.Code != http.StatusOK {
			b.Fatalf("GET web/api/news = %d", rec.Code)
		}
		return d
	}
	for range 50 { // warm both: connections, caches
		call(plain)
		call(instrumented)
	}
	var withoutTotal, withTotal time.Duration
	n := 0
	for b.Loop() {
		// Each goes first every other time.
		if n%2 == 0 {
			withoutTotal += call(plain)
			withTotal += call(instrumented)
		} else {
			withTotal += call(instrumented)
			withoutTotal += call(plain)
		}
		n++
	}
	without := float64(withoutTotal.Nanoseconds()) / 1000 / float64(n)
	with := float64(withTotal.Nanoseconds()) / 1000 / float64(n)
	b.ReportMetric(without, "µs/plain")
	b.ReportMetric(with, "µs/instrumented")
	b.ReportMetric((with-without)/without*100, "overhead-%")
}
