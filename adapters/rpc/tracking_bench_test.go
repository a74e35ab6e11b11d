package rpc_test

import (
	"fmt"
	"net/http"
	"slices"
	"testing"
	"time"

	"parcelportal/adapters/carrier/labels"
)

// BenchmarkTrackingSearch is a tracking search through the portal's REST
// facade, the use case and the HTTP client against the simulator at zero
// latency holding 1000 of the customer's parcels (issue 13: p95 under
// 30 ms), and the details dialog's call (under 50 ms). It reports the p95
// of each in ms.
func BenchmarkTrackingSearch(b *testing.B) {
	t := &testing.T{}
	api, sim := trackingAPI(t)
	for i := range 1000 {
		sim.Labelled("DE1", labels.Label{Identifier: fmt.Sprintf("CP%08dDE", 100+i), Product: "EPAQPLS", SenderHub: "DE",
			Date: time.Now().Add(-time.Duration(i) * time.Minute), Receiver: labels.Address{Name: fmt.Sprintf("R %d", i), City: "Paris", Country: "FR"}})
	}
	var search, details []time.Duration
	b.ResetTimer()
	for b.Loop() {
		start := time.Now()
		if rec := call(t, api, "bakery", "POST", "/web/api/cep-tracking/search", `{"search_criteria":{"recipient_name":"r"},"meta":{"page_size":50}}`); rec.Code != http.StatusOK {
			b.Fatalf("search = %d %s", rec.Code, rec.Body)
		}
		search = append(search, time.Since(start))
		start = time.Now()
		if rec := call(t, api, "bakery", "GET", "/web/api/cep-tracking/parcels/CP00000500DE", ""); rec.Code != http.StatusOK {
			b.Fatalf("details = %d %s", rec.Code, rec.Body)
		}
		details = append(details, time.Since(start))
	}
	p95 := func(ds []time.Duration) float64 {
		slices.Sort(ds)
		return float64(ds[len(ds)*95/100].Microseconds()) / 1000
	}
	b.ReportMetric(p95(search), "search-p95-ms")
	b.ReportMetric(p95(details), "details-p95-ms")
}
