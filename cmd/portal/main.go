// Command portal serves the parcel portal: the API over Connect, gRPC and
// REST, and the webapp. `portal migrate` only brings the schema up to date.
package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"parcelportal/adapters/httpserver"
	"parcelportal/adapters/postgres"
	"parcelportal/adapters/rpc"
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
	if len(args) > 0 {
		return fmt.Errorf("unknown command %q (want none or migrate)", args[0])
	}

	h, err := handlers(cfg, pool)
	if err != nil {
		return err
	}
	api, err := rpc.NewAPI(h, web.SPA{Dir: cfg.WebappDir})
	if err != nil {
		return err
	}
	return httpserver.Run(ctx, "portal", cfg.Addr, api, nil)
}

// parseBuildDate reads the RFC 3339 date the Makefile links in; a binary
// built without it reports the time it started.
func parseBuildDate(s string) time.Time {
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t
	}
	return time.Now().UTC().Truncate(time.Second)
}
