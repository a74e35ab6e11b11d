package jobs_test

import (
	"context"
	"testing"
	"time"

	"parcelportal/app/batchjob"
)

// BenchmarkSend2000 sends a batch of 2000 shipments through Postgres and
// the SOAP adapter to the carrier simulator answering after 100 ms, with
// the default 16 carrier calls at a time. The floor is 2000 / 16 * 100 ms
// = 12.5 s; the target is under 15 s.
func BenchmarkSend2000(b *testing.B) {
	const n, latency = 2000, 100 * time.Millisecond
	s := newStack(b, latency)
	r := s.runner(batchjob.Options{Concurrency: batchjob.DefaultConcurrency})
	var total time.Duration
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		id := s.sendingBatch(b, n)
		b.StartTimer()
		start := time.Now()
		if err := r.Run(context.Background(), batchjob.Job{Kind: batchjob.Send, BatchID: id}); err != nil {
			b.Fatal(err)
		}
		total += time.Since(start)
		b.StopTimer()
		if status, processed, _ := s.sent(b, id); status != "SENT" || processed != n {
			b.Fatalf("batch %s with %d processed", status, processed)
		}
	}
	b.ReportMetric(total.Seconds()/float64(b.N), "s/send")
	b.ReportMetric(float64(batchjob.DefaultConcurrency), "concurrency")
	b.ReportMetric(float64(n*b.N)/total.Seconds(), "shipments/s")
}
