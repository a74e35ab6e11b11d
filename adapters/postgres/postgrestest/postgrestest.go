// Package postgrestest gives each integration test its own freshly migrated
// schema in the real test database, so tests run in parallel without seeing
// each other's rows.
package postgrestest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"os"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/adapters/postgres"
)

// URLVariable names the environment variable with the test database's URL;
// `make test` starts the database and sets it.
const URLVariable = "TEST_DATABASE_URL"

// NewPool returns a pool whose connections use a new, migrated schema that
// is dropped when the test ends. Without a database the test fails: an
// integration test that silently skips proves nothing.
func NewPool(t testing.TB) *pgxpool.Pool {
	t.Helper()
	url := os.Getenv(URLVariable)
	if url == "" {
		t.Fatalf("%s is not set: run integration tests through `make test`, which starts PostgreSQL", URLVariable)
	}
	ctx := context.Background()
	schema := "test_" + randomSuffix(t)

	admin, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatalf("connect test database: %v", err)
	}
	defer admin.Close(ctx)
	if _, err := admin.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
		t.Fatalf("create schema: %v", err)
	}
	t.Cleanup(func() {
		c, err := pgx.Connect(context.Background(), url)
		if err == nil {
			_, _ = c.Exec(context.Background(), "DROP SCHEMA "+schema+" CASCADE")
			_ = c.Close(context.Background())
		}
	})

	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		t.Fatal(err)
	}
	cfg.ConnConfig.RuntimeParams["search_path"] = schema
	cfg.MaxConns = 4
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	if err := postgres.Migrate(ctx, pool); err != nil {
		t.Fatalf("migrate: %v", err)
	}
	return pool
}

func randomSuffix(t testing.TB) string {
	b := make([]byte, 6)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	return hex.EncodeToString(b)
}

// ConsoleURLVariable names the environment variable with the database
// console's login on the test database (the role portal_console that
// dev/stack.sh creates); `make test` sets it.
const ConsoleURLVariable = "TEST_CONSOLE_DATABASE_URL"

// ConsolePool returns a pool that logs in as the database console's real
// role, on the schema of pool (a NewPool), after granting that role what
// the portal grants it at start (postgres.GrantConsole).
func ConsolePool(t testing.TB, pool *pgxpool.Pool) *pgxpool.Pool {
	t.Helper()
	url := os.Getenv(ConsoleURLVariable)
	if url == "" {
		t.Fatalf("%s is not set: run integration tests through `make test`, which creates the console's role", ConsoleURLVariable)
	}
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := postgres.GrantConsole(ctx, pool, cfg.ConnConfig.User); err != nil {
		t.Fatalf("grant the console: %v", err)
	}
	cfg.ConnConfig.RuntimeParams["search_path"] = pool.Config().ConnConfig.RuntimeParams["search_path"]
	cfg.MaxConns = 4
	console, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(console.Close)
	return console
}
