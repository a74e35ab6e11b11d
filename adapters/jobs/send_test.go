package jobs_test

import (
	"context"
	"testing"
	"time"

	"parcelportal/adapters/carrier"
	"parcelportal/adapters/carrier/simulator"
	"parcelportal/app/batchjob"
)

// TestSendThroughTheAdapter runs a send against the simulator over SOAP
// with transient failures and answers that never come: every shipment ends
// with exactly one label.
func TestSendThroughTheAdapter(t *testing.T) {
	t.Parallel()
	s := newStack(t, 5*time.Millisecond)
	s.sim.Configure(func(c *simulator.Config) {
		c.TimeoutRate, c.Hang = 0.1, 2*time.Second
	})
	s.sim.FailNext(6)
	id := s.sendingBatch(t, 60)
	r := s.runner(batchjob.Options{Concurrency: 8, Tries: 6, Backoff: 20 * time.Millisecond}, carrier.WithTimeout(300*time.Millisecond))
	if err := r.Run(context.Background(), batchjob.Job{Kind: batchjob.Send, BatchID: id}); err != nil {
		t.Fatal(err)
	}
	s.oneLabelEach(t, id, 60)
	if totals := s.sim.Totals(); totals.Timeouts == 0 || totals.Unavailable == 0 || totals.Finds == 0 {
		t.Errorf("the simulator's trouble was not met: %+v", totals)
	}
}
