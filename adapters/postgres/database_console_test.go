package postgres_test

import (
	"context"
	"testing"
	"time"

	"parcelportal/adapters/postgres"
	"parcelportal/adapters/postgres/postgrestest"
	"parcelportal/app/management"
	"parcelportal/core/failure"
)

func TestDatabaseConsoleReadsAndNeverWrites(t *testing.T) {
	t.Parallel()
	pool := postgrestest.NewPool(t)
	ctx := context.Background()
	console := postgres.DatabaseConsole{Pool: pool}
	if _, err := pool.Exec(ctx, `INSERT INTO audit_event (principal, event_type, occurred_at) VALUES ('anna', 'X', now())`); err != nil {
		t.Fatal(err)
	}
	r, err := console.Query(ctx, `SELECT principal, event_type, NULL::text AS nothing, 1.50::numeric AS n, '2026-11-20'::date AS d FROM audit_event`, 10, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Columns) != 5 || r.Columns[0] != "principal" || len(r.Rows) != 1 || r.Rows[0][0].Text != "anna" ||
		!r.Rows[0][2].Null || r.Rows[0][3].Text != "1.50" || r.Rows[0][4].Text != "2026-11-20" || r.Truncated {
		t.Fatalf("result %+v", r)
	}
	r, err = console.Query(ctx, `SELECT g FROM generate_series(1, 20) g`, 5, 5*time.Second)
	if err != nil || len(r.Rows) != 5 || !r.Truncated {
		t.Fatalf("capped = %+v, %v", r, err)
	}
	for sql, key := range map[string]string{
		`UPDATE audit_event SET principal = 'mallory'`:           management.KeyConsoleReadOnly,
		`DELETE FROM audit_event`:                                management.KeyConsoleReadOnly,
		`CREATE TABLE evil (id int)`:                             management.KeyConsoleReadOnly,
		`SELECT 1; UPDATE audit_event SET principal = 'mallory'`: management.KeyConsoleSQL,
		`COMMIT`:             "",
		`SELECT pg_sleep(2)`: management.KeyConsoleTimeout,
		`SELEC 1`:            management.KeyConsoleSQL,
		`WITH x AS (UPDATE audit_event SET principal = 'm' RETURNING 1) SELECT * FROM x`: management.KeyConsoleReadOnly,
	} {
		_, err := console.Query(ctx, sql, 10, 300*time.Millisecond)
		if key != "" && !failure.HasKey(err, key) {
			t.Errorf("%s: %v, want %s", sql, err, key)
		}
	}
	// No session state outlives a statement: the advisory lock went with its connection.
	var locked bool
	if err := pool.QueryRow(ctx, `SELECT pg_try_advisory_lock(42)`).Scan(&locked); err != nil || !locked {
		t.Errorf("advisory lock of the console still held: %v %v", locked, err)
	}
	var principal string
	if err := pool.QueryRow(ctx, `SELECT principal FROM audit_event`).Scan(&principal); err != nil || principal != "anna" {
		t.Fatalf("the table changed: %q %v", principal, err)
	}
}
