package management

import (
	"context"

	"parcelportal/core/health"
)

// CheckLiveness tells an orchestrator that the process answers: it asks no
// dependency, so a restart is never ordered because the database is down.
func (q Queries) CheckLiveness(context.Context) health.Status { return health.Up }

// CheckReadiness tells a load balancer whether this process can serve: UP
// when every component named in Ready answers (the database writable,
// Redis, free disk). Public and status only, like the anonymous health
// report; the result is shared for ReadyMemo's time to live.
func (q Queries) CheckReadiness(ctx context.Context) health.Status {
	required := make(map[string]Probe, len(q.Ready))
	for _, name := range q.Ready {
		if p, ok := q.Probes[name]; ok {
			required[name] = p
		} else {
			required[name] = missing(name)
		}
	}
	return q.ReadyMemo.get(ctx, func(ctx context.Context) health.Report { return q.probe(ctx, required) }).Status
}

// missing is a readiness component no probe was wired for: DOWN, so a
// wiring mistake shows instead of a portal that claims to be ready.
type missing string

func (m missing) Check(context.Context) error { return errMissingProbe{string(m)} }

type errMissingProbe struct{ name string }

func (e errMissingProbe) Error() string { return "no probe is wired for " + e.name }
