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
	"syscall"
	"time"
	_ "time/tzdata" // the hubs' time zones of the auto-manifest schedules, on hosts without zone files

	"parcelportal/adapters/httpserver"
	"parcelportal/adapters/jobs"
	"parcelportal/adapters/postgres"
	"parcelportal/adapters/rpc"
	"parcelportal/adapters/secrets"
	"parcelportal/adapters/web"
)

// Set at link time by the Makefile.
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
	cfg, err := loadConfig()
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	pool, err := postgres.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer pool.Close()
	if err := postgres.Migrate(ctx, pool); err != nil {
		return err
	}
	if len(args) > 0 && args[0] == "migrate" {
		return nil
	}
	if len(args) > 0 && args[0] != "worker" {
		return fmt.Errorf("unknown command %q (want none, migrate or worker)", args[0])
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
	side := carrierOf(cfg)
	var worker *jobs.Worker
	if cfg.Worker || len(args) > 0 {
		if worker, err = workerOf(cfg, pool, sealer, side); err != nil {
			return err
		}
	}
	if len(args) > 0 {
		return worker.Run(ctx)
	}
	queue := jobs.NewQueue(cfg.RedisAddr, cfg.JobQueue)
	defer queue.Close()
	h, err := handlers(cfg, pool, sealer, side, queue)
	if err != nil {
		return err
	}
	api, err := portalHandler(h, cfg.WebappDir)
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

// parseBuildDate reads the RFC 3339 date the Makefile links in; a binary
// built without it reports the time it started.
func parseBuildDate(s string) time.Time {
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t
	}
	return time.Now().UTC().Truncate(time.Second)
}
