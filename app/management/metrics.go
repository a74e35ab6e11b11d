package management

import (
	"context"
	"time"

	"parcelportal/core/access"
)

// MetricsReader reads the figures of the portal's one metrics registry.
type MetricsReader interface {
	Metrics(ctx context.Context) (Metrics, error)
}

// Metrics are the figures of the metrics page.
type Metrics struct {
	Runtime      RuntimeFigures
	HTTP         []RequestFigure
	RPC          []RequestFigure
	Database     PoolFigures
	Queues       []QueueFigures
	Carrier      []RequestFigure
	SessionCache CacheFigures
	CollectedAt  time.Time
}

// RuntimeFigures are the Go runtime's memory, collections and goroutines.
type RuntimeFigures struct {
	HeapAllocBytes, HeapSysBytes, SysBytes, HeapObjects float64
	GCCount, GCPauseSeconds                             float64
	Goroutines, Threads                                 float64
	UptimeSeconds, CPUSeconds                           float64
}

// RequestFigure counts and times one kind of request: an HTTP route with
// method and status, an RPC procedure with its code, or a carrier operation
// with its outcome.
type RequestFigure struct {
	Name, Method, Outcome string
	Count                 float64
	TotalSeconds          float64
}

// PoolFigures are the database pool's.
type PoolFigures struct {
	Acquired, Idle, Total, Max      float64
	AcquireCount, EmptyAcquireCount float64
	AcquireWaitSeconds              float64
}

// QueueFigures are one job queue's.
type QueueFigures struct {
	Name                                                 string
	Pending, Active, Retry, Failed, Scheduled, Processed float64
}

// CacheFigures count a cache's look-ups.
type CacheFigures struct{ Hits, Misses float64 }

// GetMetrics returns the figures to an admin.
func (q Queries) GetMetrics(ctx context.Context, caller *access.Caller) (Metrics, error) {
	if err := access.Admins.Check(caller); err != nil {
		return Metrics{}, err
	}
	return q.Metrics.Metrics(ctx)
}
