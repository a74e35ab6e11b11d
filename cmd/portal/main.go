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
	"parcelportal/adapters/jobs"
	"parcelportal/adapters/kratos"
	"parcelportal/adapters/mail"
	"parcelportal/adapters/postgres"
	"parcelportal/adapters/rpc"
	"parcelportal/adapters/web"
	"parcelportal/app/management"
	"parcelportal/core/profile"
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

	queries := management.Queries{
		Settings: profile.Settings{
			Environment: cfg.Environment, Production: cfg.Production,
			SwaggerEnabled: cfg.SwaggerEnabled, RecaptchaSiteKey: cfg.RecaptchaSiteKey,
		},
		Build:    profile.Build{Version: version, Date: parseBuildDate(buildDate)},
		Catalogs: postgres.Catalog{Pool: pool},
		Probes: map[string]management.Probe{
			"db":     postgres.Probe{Pool: pool},
			"redis":  jobs.NewProbe(cfg.RedisAddr),
			"kratos": kratos.Probe{AdminURL: cfg.KratosAdminURL},
			"mail":   mail.Probe{Addr: cfg.SMTPAddr},
		},
	}
	api, err := rpc.NewAPI(rpc.Handlers{Management: rpc.ManagementHandler{Queries: queries}}, web.SPA{Dir: cfg.WebappDir})
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
