package management

import (
	"context"
	"sync"
	"time"

	"parcelportal/core/access"
	"parcelportal/core/health"
)

const defaultProbeTimeout = 2 * time.Second

// CheckHealth reports the portal's health to caller: admins (ADMIN,
// SUPERADMIN) see every component with its details, everybody else, the
// anonymous monitor included, only the status. The probe's result is shared
// for HealthMemo's time to live, so a flood of health calls asks the
// dependencies once per period.
func (q Queries) CheckHealth(ctx context.Context, caller *access.Caller) health.Report {
	report := q.HealthMemo.get(ctx, func(ctx context.Context) health.Report { return q.probe(ctx, q.Probes) })
	if !caller.IsAdmin() {
		return report.StatusOnly()
	}
	return report
}

// probe asks the components at once, each bounded by the probe timeout, so
// the report takes as long as the slowest probe and no longer.
func (q Queries) probe(ctx context.Context, probes map[string]Probe) health.Report {
	timeout := q.ProbeTimeout
	if timeout <= 0 {
		timeout = defaultProbeTimeout
	}
	var (
		mu         sync.Mutex
		wg         sync.WaitGroup
		components = make(map[string]health.Component, len(probes))
	)
	for name, probe := range probes {
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
	started := time.Now()
	err := probe.Check(ctx)
	c := health.Healthy()
	if err != nil {
		c = health.Failing(err)
	}
	c.Latency = time.Since(started)
	if d, ok := probe.(Describer); ok {
		if c.Details == nil {
			c.Details = map[string]string{}
		}
		for k, v := range d.Describe() {
			c.Details[k] = v
		}
	}
	return c
}

// HealthMemo keeps the last health report for TTL. Callers arriving while a
// probe runs wait for it instead of starting their own.
type HealthMemo struct {
	TTL time.Duration
	Now func() time.Time

	mu     sync.Mutex
	report health.Report
	at     time.Time
	filled bool
}

// get answers the memo's report, probing when it is older than TTL; a nil
// memo probes on every call.
func (m *HealthMemo) get(ctx context.Context, probe func(context.Context) health.Report) health.Report {
	if m == nil {
		return probe(ctx)
	}
	now := time.Now
	if m.Now != nil {
		now = m.Now
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.filled && now().Sub(m.at) < m.TTL {
		return m.report
	}
	// The probe outlives a caller that hangs up: its answer serves the others.
	m.report, m.at, m.filled = probe(context.WithoutCancel(ctx)), now(), true
	return m.report
}
