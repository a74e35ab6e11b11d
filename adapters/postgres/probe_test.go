package postgres_test

import (
	"context"
	"os"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/adapters/postgres"
	"parcelportal/adapters/postgres/postgrestest"
)

// The database probe is UP for a database that takes writes and DOWN for one
// that only reads (default_transaction_read_only, as on a full disk or a
// standby), so readiness takes such a portal out of the load balancer.
func TestTheProbeTellsAReadOnlyDatabase(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	if err := (postgres.Probe{Pool: postgrestest.NewPool(t)}).Check(ctx); err != nil {
		t.Fatalf("a writable database: %v", err)
	}
	cfg, err := pgxpool.ParseConfig(os.Getenv(postgrestest.URLVariable))
	if err != nil {
		t.Fatal(err)
	}
	cfg.ConnConfig.RuntimeParams["default_transaction_read_only"] = "on"
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	if err := (postgres.Probe{Pool: pool}).Check(ctx); err == nil {
		t.Fatal("a read-only database was UP")
	}
}
