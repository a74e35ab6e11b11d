// Package management answers what the portal says about itself: the
// application profile, the carrier's reference data, the version and health.
package management

import (
	"context"
	"time"

	"parcelportal/core/profile"
	"parcelportal/core/reference"
)

// CatalogReader reads the carrier's reference data.
type CatalogReader interface {
	Catalog(ctx context.Context) (reference.Catalog, error)
}

// Probe checks that one component the portal depends on answers.
type Probe interface {
	Check(ctx context.Context) error
}

// Describer is a probe that also names facts about its component for the
// admins' health page (address, free space, version).
type Describer interface {
	Describe() map[string]string
}

// Queries are the management use cases. They share the installation's
// settings and the identity of the running build.
type Queries struct {
	Settings profile.Settings
	Build    profile.Build
	Catalogs CatalogReader
	// Probes by component name, as the health report lists them.
	Probes map[string]Probe
	// ProbeTimeout bounds each probe so that one hanging component cannot
	// hang the health endpoint; zero means two seconds.
	ProbeTimeout time.Duration
	// HealthMemo, when set, shares one probe among the health calls of a
	// short period; nil probes on every call.
	HealthMemo *HealthMemo
	// Ready names the probes of the components this process cannot serve
	// without (its readiness): the database, Redis and the disk. The others
	// (mail, Kratos, the carrier and tracking APIs) fail single features, and
	// a load balancer that pulled every portal for them would take the whole
	// service down with them.
	Ready []string
	// ReadyMemo shares one readiness probe among the calls of a short period.
	ReadyMemo *HealthMemo
	Now       func() time.Time

	// The operators' console: the metrics registry, the goroutines, the
	// named loggers, the configuration and the audit log.
	Metrics       MetricsReader
	Goroutines    GoroutineDumper
	Loggers       Loggers
	Configuration Configuration
	Audits        AuditTrail
	// Database is the read-only database console; nil has none.
	Database DatabaseConsole
}
