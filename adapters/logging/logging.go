// Package logging gives each area of the portal its own named slog logger
// (rpc, batch-jobs, carrier, ...) whose level an operator changes while the
// process runs, from the administration console's logs page. Every logger
// writes through one handler; each record names its logger.
package logging

import (
	"context"
	"log/slog"
	"slices"
	"sync"

	"parcelportal/app/management"
	"parcelportal/core/loglevel"
	"parcelportal/core/origin"
)

// levels maps the console's level names to slog's. TRACE is below DEBUG;
// OFF is above anything a record carries.
var levels = map[string]slog.Level{
	loglevel.Trace: slog.LevelDebug - 4,
	loglevel.Debug: slog.LevelDebug,
	loglevel.Info:  slog.LevelInfo,
	loglevel.Warn:  slog.LevelWarn,
	loglevel.Error: slog.LevelError,
	loglevel.Off:   slog.Level(1 << 20),
}

// Registry holds the named loggers of one process.
type Registry struct {
	base    slog.Handler
	initial string
	mu      sync.Mutex
	loggers map[string]*named
}

type named struct {
	level      *slog.LevelVar
	configured string
	logger     *slog.Logger
}

// New returns a registry whose loggers write through base and start at
// level (one of loglevel.Levels; INFO when it is not).
func New(base slog.Handler, level string) *Registry {
	if _, ok := levels[level]; !ok {
		level = loglevel.Info
	}
	return &Registry{base: base, initial: level, loggers: map[string]*named{}}
}

// Logger returns the logger called name, making it on first use.
func (r *Registry) Logger(name string) *slog.Logger {
	r.mu.Lock()
	defer r.mu.Unlock()
	if n, ok := r.loggers[name]; ok {
		return n.logger
	}
	n := &named{level: new(slog.LevelVar), configured: r.initial}
	n.level.Set(levels[r.initial])
	n.logger = slog.New(&handler{next: r.base.WithAttrs([]slog.Attr{slog.String("logger", name)}), level: n.level})
	r.loggers[name] = n
	return n.logger
}

// Loggers lists the loggers by name with their levels.
func (r *Registry) Loggers() []management.Logger {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]management.Logger, 0, len(r.loggers))
	for name, n := range r.loggers {
		out = append(out, management.Logger{Name: name, ConfiguredLevel: n.configured, EffectiveLevel: n.configured})
	}
	slices.SortFunc(out, func(a, b management.Logger) int {
		if a.Name < b.Name {
			return -1
		}
		if a.Name > b.Name {
			return 1
		}
		return 0
	})
	return out
}

// SetLevel changes a logger's level at once, for every holder of it;
// false when there is no such logger or level.
func (r *Registry) SetLevel(name, level string) bool {
	l, ok := levels[level]
	if !ok {
		return false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	n, ok := r.loggers[name]
	if !ok {
		return false
	}
	n.level.Set(l)
	n.configured = level
	return true
}

// handler passes on records at or above its logger's level.
type handler struct {
	next  slog.Handler
	level *slog.LevelVar
}

func (h *handler) Enabled(ctx context.Context, l slog.Level) bool {
	return l >= h.level.Level() && h.next.Enabled(ctx, l)
}

// Handle names the request the record belongs to, when its context knows
// it (core/origin): one request's story, from the HTTP call through its
// job to the carrier, reads under one requestId.
func (h *handler) Handle(ctx context.Context, r slog.Record) error {
	if id := origin.RequestID(ctx); id != "" {
		r = r.Clone()
		r.AddAttrs(slog.String("requestId", id))
	}
	return h.next.Handle(ctx, r)
}

func (h *handler) WithAttrs(attrs []slog.Attr) slog.Handler {
	return &handler{next: h.next.WithAttrs(attrs), level: h.level}
}

func (h *handler) WithGroup(name string) slog.Handler {
	return &handler{next: h.next.WithGroup(name), level: h.level}
}
