package main

import (
	"bytes"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"os"
	"reflect"
	"runtime"
	"runtime/pprof"
	"slices"
	"strings"

	"parcelportal/adapters/logging"
	"parcelportal/adapters/metrics"
	"parcelportal/app/management"
)

// The named loggers, one per area; main's default logger is "portal".
const (
	logPortal    = "portal"
	logRPC       = "rpc"
	logBatchJobs = "batch-jobs"
	logCarrier   = "carrier"
	// logAccess writes a line per request at INFO; set it to WARN on the
	// logs page (or LOG_LEVEL) to quiet it.
	logAccess = "access"
)

// operations are the instruments of one portal process: the metrics
// registry that /metrics and the metrics page read, and the named loggers
// whose levels the logs page changes.
type operations struct {
	metrics *metrics.Registry
	logs    *logging.Registry
}

// operationsOf makes the registries; every named logger exists from the
// start, so the logs page lists them all.
func operationsOf(cfg config, w io.Writer) operations {
	var base slog.Handler
	options := &slog.HandlerOptions{Level: slog.Level(-100)} // the named loggers decide
	if cfg.LogFormat == "json" {
		base = slog.NewJSONHandler(w, options)
	} else {
		base = slog.NewTextHandler(w, options)
	}
	ops := operations{metrics: metrics.New(), logs: logging.New(base, cfg.LogLevel)}
	for _, name := range []string{logPortal, logRPC, logBatchJobs, logCarrier, logAccess} {
		ops.logs.Logger(name)
	}
	return ops
}

// goroutineDump reads the goroutines' stacks from the runtime.
type goroutineDump struct{}

// GoroutineDump writes the goroutine profile at debug level 2.
func (goroutineDump) GoroutineDump() string {
	var b bytes.Buffer
	_ = pprof.Lookup("goroutine").WriteTo(&b, 2)
	return b.String()
}

// configView shows the configuration the portal runs with to the
// configuration page (app/management masks the secrets).
type configView struct{ cfg config }

// Settings lists every field of the configuration, and the build.
func (v configView) Settings() []management.Property {
	var out []management.Property
	val := reflect.ValueOf(v.cfg)
	for i := range val.NumField() {
		f := val.Type().Field(i)
		out = append(out, management.Property{Source: "portal", Key: f.Name, Value: fmt.Sprint(val.Field(i).Interface())})
	}
	out = append(out,
		management.Property{Source: "build", Key: "version", Value: version},
		management.Property{Source: "build", Key: "buildDate", Value: buildDate},
		management.Property{Source: "build", Key: "goVersion", Value: runtime.Version()},
	)
	return out
}

// Environment lists the process environment by name.
func (v configView) Environment() []management.Property {
	env := os.Environ()
	slices.Sort(env)
	out := make([]management.Property, 0, len(env))
	for _, kv := range env {
		k, val, _ := strings.Cut(kv, "=")
		out = append(out, management.Property{Source: "process environment", Key: k, Value: val})
	}
	return out
}

// Secrets are the configuration's secret values, hidden wherever they
// appear: the keys and tokens, and the database password.
func (v configView) Secrets() []string {
	secrets := []string{v.cfg.CredentialsKey, v.cfg.CaptchaSecret, v.cfg.MetricsToken}
	if u, err := url.Parse(v.cfg.DatabaseURL); err == nil {
		if p, ok := u.User.Password(); ok {
			secrets = append(secrets, p)
		}
	}
	return secrets
}
