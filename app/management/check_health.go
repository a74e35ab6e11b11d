package management

import (
	"context"
	"sync"
	"time"

	"parcelportal/core/health"
)

const defaultProbeTimeout = 2 * time.Second

// CheckHealth asks every component at once, each bounded by the probe
// timeout, so the report takes as long as the slowest probe and no longer.
func (q Queries) CheckHealth(ctx context.Context) health.Report {
	timeout := q.ProbeTimeout
	if timeout <= 0 {
		timeout = defaultProbeTimeout
	}
	var (
		mu         sync.Mutex
		wg         sync.WaitGroup
		components = make(map[string]health.Component, len(q.Probes))
	)
	for name, probe := range q.Probes {
		wg.Go(func() {
			c := check(ctx, probe, timeout)
			mu.Lock()
			components[name] = c
			mu.Unlock()
		})
	}
	wg.Wait()
	return health.Aggregate(components)
}

func check(ctx context.Context, probe Probe, timeout time.Duration) health.Component {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	if err := probe.Check(ctx); err != nil {
		return health.Failing(err)
	}
	return health.Healthy()
}
