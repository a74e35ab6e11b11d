// Command seed fills the configured database and Kratos with the demo
// organisation and one login per role. Running it again changes nothing.
package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"time"

	"parcelportal/adapters/carrier/labels"
	"parcelportal/adapters/kratos"
	"parcelportal/adapters/postgres"
	"parcelportal/adapters/secrets"
	"parcelportal/app/demo"
	"parcelportal/core/shipment"
)

func main() {
	if err := run(context.Background()); err != nil {
		slog.Error("seed failed", "error", err)
		os.Exit(1)
	}
}

func run(ctx context.Context) error {
	pool, err := postgres.Open(ctx, os.Getenv("DATABASE_URL"), 0)
	if err != nil {
		return err
	}
	defer pool.Close()
	if err := postgres.Migrate(ctx, pool); err != nil {
		return err
	}
	adminURL := os.Getenv("KRATOS_ADMIN_URL")
	if adminURL == "" {
		adminURL = "http://127.0.0.1:4434"
	}
	// The customers' carrier logins are sealed with the key the portal
	// opens them with: CREDENTIALS_KEY, or the development key like the
	// portal outside production.
	key := os.Getenv("CREDENTIALS_KEY")
	if key == "" {
		key = secrets.DevelopmentKey
	}
	sealer, err := secrets.NewBox(key)
	if err != nil {
		return fmt.Errorf("CREDENTIALS_KEY: %w", err)
	}
	logins, err := demo.Seed(ctx, postgres.DemoDirectory{Pool: pool, Sealer: sealer}, kratos.NewAdmin(adminURL, nil))
	if err != nil {
		return err
	}
	// The customs documents the carrier published for the demo customers'
	// parcels outside the customs union, drawn as the carrier draws them.
	render := func(identifier string, d shipment.Draft) ([]byte, error) {
		return labels.CustomsPDF(labels.CustomsFromDraft(identifier, "DE", d, time.Now()))
	}
	if _, err := demo.SeedCustomsDocuments(ctx, postgres.CustomsDocuments{Pool: pool}, render, time.Now()); err != nil {
		return err
	}
	fmt.Printf("Demo logins (password %q):\n", demo.Password)
	for _, l := range logins {
		roles := make([]string, len(l.Roles))
		for i, r := range l.Roles {
			roles[i] = string(r)
		}
		fmt.Printf("  %-12s %s\n", l.Login, strings.Join(roles, ", "))
	}
	return nil
}
