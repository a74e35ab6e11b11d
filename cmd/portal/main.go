// Command portal serves the parcel portal: the API over Connect, gRPC and
// REST, and the webapp, and runs the batch jobs beside them (PORTAL_WORKER).
// `portal migrate` only brings the schema up to date; `portal worker` only
// runs the batch jobs.
package main

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"runtime"
	"syscall"
	"time"
	_ "time/tzdata" // the hubs' time zones of the auto-manifest schedules, on hosts without zone files

	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/adapters/carrier"
	"parcelportal/adapters/httpserver"
	"parcelportal/adapters/jobs"
	"parcelportal/adapters/postgres"
	"parcelportal/adapters/rpc"
	"parcelportal/adapters/secrets"
	"parcelportal/adapters/web"
	"parcelportal/core/profile"
)

// Set at link time by dev/build.sh (dev/ldflags.sh): git describe and the
// time of the build.
var (
	version   = "dev"
	buildDate = ""
)

func main() {
	slog.SetDefault(slog.New(slog.NewTextHandler(os.Stderr, nil)))
	if err := run(os.Args[1:]); err != nil {
		slog.Error("portal stopped", "error", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	if len(args) > 0 && args[0] == "version" {
		// The build as management/info and the footer tell it.
		b := buildOf(version, buildDate)
		fmt.Printf("%s %s\n", b.Version, b.Date.Format(time.RFC3339))
		return nil
	}
	cfg, err := loadConfig()
	if err != nil {
		return err
	}
	ops := operationsOf(cfg, os.Stderr)
	slog.SetDefault(ops.logs.Logger(logPortal))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	workerOnly := len(args) > 0 && args[0] == "worker"
	pool, err := postgres.Open(ctx, cfg.DatabaseURL, dbPoolSize(cfg, !workerOnly, cfg.Worker || workerOnly, runtime.GOMAXPROCS(0)))
	if err != nil {
		return err
	}
	defer pool.Close()
	if err := postgres.Migrate(ctx, pool); err != nil {
		return err
	}
	if role := consoleRole(cfg); role != "" {
		if err := postgres.GrantConsole(ctx, pool, role); err != nil {
			return err
		}
	}
	if len(args) > 0 && args[0] == "migrate" {
		return nil
	}
	if len(args) > 0 && args[0] != "worker" {
		return fmt.Errorf("unknown command %q (want none, version, migrate or worker)", args[0])
	}

	sealer, err := secrets.NewBox(cfg.CredentialsKey)
	if err != nil {
		return fmt.Errorf("CREDENTIALS_KEY: %w", err)
	}
	if warning := developmentKeyWarning(cfg); warning != "" {
		slog.Warn("!!! " + warning + " !!!")
	}
	// Values sealed before they were bound to their row and column are
	// sealed again, bound, so that none can be moved to another row.
	resealed, err := postgres.ResealCredentials(ctx, pool, sealer)
	if err != nil {
		return fmt.Errorf("sealing credentials again: %w", err)
	}
	if resealed > 0 {
		slog.Info("credentials sealed again, bound to their rows", "values", resealed)
	}
	side := carrierOf(cfg, carrier.WithObserver(ops.metrics.CarrierObserver(ops.logs.Logger(logCarrier))))
	var worker *jobs.Worker
	if cfg.Worker || len(args) > 0 {
		if worker, err = workerOf(cfg, pool, sealer, side, ops.logs.Logger(logBatchJobs)); err != nil {
			return err
		}
	}
	if len(args) > 0 {
		return worker.Run(ctx)
	}
	queue := jobs.NewQueue(cfg.RedisAddr, cfg.JobQueue)
	defer queue.Close()
	api, err := served(cfg, pool, sealer, side, queue, ops)
	if err != nil {
		return err
	}
	if worker == nil {
		return httpserver.Run(ctx, "portal", cfg.Addr, api, nil)
	}
	return serveWithWorker(ctx, cfg, api, worker)
}

// portalHandler is everything the portal serves: the API, and the webapp
// built into webappDir for every other path, each response with the
// browser's security headers.
func portalHandler(h rpc.Handlers, webappDir string) (http.Handler, error) {
	api, err := rpc.NewAPI(h, web.SPA{Dir: webappDir})
	if err != nil {
		return nil, err
	}
	return web.SecurityHeaders(api), nil
}

// served is everything the portal serves, instrumented: every request
// counted, the pool and the job queue watched, and the Prometheus text on
// /metrics for a scraper with METRICS_TOKEN.
func served(cfg config, pool *pgxpool.Pool, sealer *secrets.Box, side carrierSide, queue *jobs.Queue, ops operations) (http.Handler, error) {
	h, err := handlers(cfg, pool, sealer, side, queue, ops)
	if err != nil {
		return nil, err
	}
	return instrumented(cfg, h, pool, queue, ops)
}

// instrumented serves h's API and webapp with the instruments of ops.
func instrumented(cfg config, h rpc.Handlers, pool *pgxpool.Pool, queue *jobs.Queue, ops operations) (http.Handler, error) {
	ops.metrics.WatchPool(pool)
	ops.metrics.WatchQueues(queue)
	api, err := portalHandler(h, cfg.WebappDir)
	if err != nil {
		return nil, err
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", ops.metrics.Handler(cfg.MetricsToken))
	mux.Handle("/", api)
	return ops.metrics.HTTP(mux, ops.logs.Logger(logAccess)), nil
}

// buildOf is the running build: the version and date linked in.
func buildOf(version, buildDate string) profile.Build {
	return profile.Build{Version: version, Date: parseBuildDate(buildDate)}
}

// parseBuildDate reads the RFC 3339 date dev/build.sh links in; a binary
// built without it reports the time it started.
func parseBuildDate(s string) time.Time {
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t
	}
	return time.Now().UTC().Truncate(time.Second)
}
