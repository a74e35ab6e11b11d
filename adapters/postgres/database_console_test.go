package postgres_test

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"parcelportal/adapters/postgres"
	"parcelportal/adapters/postgres/postgrestest"
	"parcelportal/app/management"
	"parcelportal/core/failure"
)

var consoleBounds = management.ConsoleBounds{MaxRows: 10, MaxBytes: management.ConsoleMaxBytes, Timeout: 5 * time.Second}

func TestDatabaseConsoleReadsAndNeverWrites(t *testing.T) {
	t.Parallel()
	pool := postgrestest.NewPool(t)
	ctx := context.Background()
	console := postgres.DatabaseConsole{Pool: postgrestest.ConsolePool(t, pool)}
	if _, err := pool.Exec(ctx, `INSERT INTO audit_event (principal, event_type, occurred_at) VALUES ('anna', 'X', now())`); err != nil {
		t.Fatal(err)
	}
	r, err := console.Query(ctx, `SELECT principal, event_type, NULL::text AS nothing, 1.50::numeric AS n, '2026-11-20'::date AS d FROM audit_event`, consoleBounds)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Columns) != 5 || r.Columns[0] != "principal" || len(r.Rows) != 1 || r.Rows[0][0].Text != "anna" ||
		!r.Rows[0][2].Null || r.Rows[0][3].Text != "1.50" || r.Rows[0][4].Text != "2026-11-20" || r.Truncated {
		t.Fatalf("result %+v", r)
	}
	r, err = console.Query(ctx, `-- the first 5
		/* of 20 */ (SELECT g FROM generate_series(1, 20) g)`, management.ConsoleBounds{MaxRows: 5, MaxBytes: 1000, Timeout: 5 * time.Second})
	if err != nil || len(r.Rows) != 5 || !r.Truncated || r.BytesCapped {
		t.Fatalf("capped = %+v, %v", r, err)
	}
	short := consoleBounds
	short.Timeout = 300 * time.Millisecond
	for sql, key := range map[string]string{
		`UPDATE audit_event SET principal = 'mallory'`:           management.KeyConsoleReadOnly,
		`DELETE FROM audit_event`:                                management.KeyConsoleReadOnly,
		`CREATE TABLE evil (id int)`:                             management.KeyConsoleReadOnly,
		`SELECT 1; UPDATE audit_event SET principal = 'mallory'`: management.KeyConsoleSQL,
		`COMMIT`:                      management.KeyConsoleDenied,
		`SELECT pg_sleep(2)`:          management.KeyConsoleTimeout,
		`SELEC 1`:                     management.KeyConsoleDenied,
		`SELECT * FROM no_such_table`: management.KeyConsoleSQL,
		`SELECT pg_advisory_lock(42)`: "",
		`WITH x AS (UPDATE audit_event SET principal = 'm' RETURNING 1) SELECT * FROM x`: management.KeyConsoleReadOnly,
	} {
		_, err := console.Query(ctx, sql, short)
		if key != "" && !failure.HasKey(err, key) {
			t.Errorf("%s: %v, want %s", sql, err, key)
		}
	}
	// No session state outlives a statement: the advisory lock went with its
	// connection. The server ends a closed connection's backend a moment
	// after the close, so the lock is free within a short while, not at once.
	var locked bool
	for deadline := time.Now().Add(5 * time.Second); !locked && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if err := pool.QueryRow(ctx, `SELECT pg_try_advisory_lock(42)`).Scan(&locked); err != nil {
			t.Fatal(err)
		}
	}
	if !locked {
		t.Errorf("advisory lock of the console still held after 5 s")
	}
	var principal string
	if err := pool.QueryRow(ctx, `SELECT principal FROM audit_event`).Scan(&principal); err != nil || principal != "anna" {
		t.Fatalf("the table changed: %q %v", principal, err)
	}
}

// TestDatabaseConsoleHasNoSideEffects: the console runs as its own role,
// which reads the portal's tables and nothing else. What the security
// review did through it as the portal's role is refused: signalling
// another backend of the portal (or of Kratos), REINDEX, ANALYZE, LOCK,
// turning read-only off, a sequence, a credential column.
func TestDatabaseConsoleHasNoSideEffects(t *testing.T) {
	t.Parallel()
	pool := postgrestest.NewPool(t)
	ctx := context.Background()
	console := postgres.DatabaseConsole{Pool: postgrestest.ConsolePool(t, pool)}
	portal, err := pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer portal.Release()
	var pid int
	if err := portal.QueryRow(ctx, `SELECT pg_backend_pid()`).Scan(&pid); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `INSERT INTO tenant (name, country_code, a1_password) VALUES ('T', 'DE', '\x01')`); err != nil {
		t.Fatal(err)
	}
	for _, sql := range []string{
		fmt.Sprintf(`SELECT pg_terminate_backend(%d)`, pid),
		fmt.Sprintf(`SELECT pg_cancel_backend(%d)`, pid),
		`REINDEX TABLE audit_event`,
		`ANALYZE audit_event`,
		`ANALYZE`,
		`LOCK TABLE audit_event IN ACCESS EXCLUSIVE MODE`,
		`SELECT set_config('default_transaction_read_only', 'off', false)`,
		`SELECT nextval(pg_get_serial_sequence('audit_event', 'id'))`,
		`SELECT a1_password FROM tenant`,
		`SELECT * FROM tenant`,
		`SELECT credentials_sealed FROM customer`,
		`SELECT token_hash FROM download_token`,
		`SELECT code_hash FROM mfa_used_code`,
		`SELECT token_hash FROM mfa_pending`,
		`SET default_transaction_read_only = off`,
		`VACUUM audit_event`,
		`/* a comment */ -- and another
		ANALYZE audit_event`,
		`DO $$ BEGIN PERFORM 1; END $$`,
	} {
		r, err := console.Query(ctx, sql, consoleBounds)
		if err == nil {
			t.Errorf("%s: accepted: %+v", sql, r)
			continue
		}
		f, ok := failure.As(err)
		if !ok || !strings.HasPrefix(f.Key, "error.databaseConsole.") {
			t.Errorf("%s: %v, want a console failure", sql, err)
		}
	}
	if err := portal.Ping(ctx); err != nil {
		t.Fatalf("the portal's connection was ended: %v", err)
	}
	// What may be read still is: the tenant without its credentials.
	r, err := console.Query(ctx, `SELECT name, a1_username FROM tenant`, consoleBounds)
	if err != nil || len(r.Rows) != 1 || r.Rows[0][0].Text != "T" {
		t.Fatalf("tenant = %+v, %v", r, err)
	}
}

// TestDatabaseConsoleCapsTheBytesItReads: 25 rows of 20 MB took the
// portal from 443 MB to 1.17 GB; the answer stops at the byte cap, says
// so, and the rest is never read.
// Not parallel: what it allocates is measured.
func TestDatabaseConsoleCapsTheBytesItReads(t *testing.T) {
	pool := postgrestest.NewPool(t)
	console := postgres.DatabaseConsole{Pool: postgrestest.ConsolePool(t, pool)}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	started := time.Now()
	r, err := console.Query(context.Background(), `SELECT g, repeat('x', 20 << 20) AS big FROM generate_series(1, 25) g`,
		management.ConsoleBounds{MaxRows: 500, MaxBytes: management.ConsoleMaxBytes, Timeout: 20 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	size := 0
	for _, row := range r.Rows {
		for _, c := range row {
			size += len(c.Text)
		}
	}
	runtime.ReadMemStats(&after)
	allocated := (after.TotalAlloc - before.TotalAlloc) >> 20
	if !r.Truncated || !r.BytesCapped || len(r.Rows) != 1 || size > management.ConsoleMaxBytes {
		t.Fatalf("%d rows of %d bytes, truncated %v, capped %v", len(r.Rows), size, r.Truncated, r.BytesCapped)
	}
	// One row of 20 MB is read whole (the protocol sends rows whole); the
	// other 24 never are.
	if allocated > 100 {
		t.Errorf("allocated %d MB for an answer of %d bytes", allocated, size)
	}
	t.Logf("%d bytes in %d row(s) in %v, %d MB allocated", size, len(r.Rows), time.Since(started), allocated)
}

// TestTheConsoleReadsNoCredentialColumn: every column named like a secret
// (a password, key, token, hash, sealed value or credential) is out of the
// console role's reach, a column added later too, and every other column
// of every table is readable.
func TestTheConsoleReadsNoCredentialColumn(t *testing.T) {
	t.Parallel()
	pool := postgrestest.NewPool(t)
	ctx := context.Background()
	console := postgrestest.ConsolePool(t, pool)
	var role string
	if err := console.QueryRow(ctx, `SELECT current_user`).Scan(&role); err != nil {
		t.Fatal(err)
	}
	rows, err := pool.Query(ctx, `SELECT table_name::text, column_name::text,
			column_name ~* '(password|secret|_key$|token|hash|sealed|credential)' AND column_name <> 'idempotency_key',
			has_column_privilege($1, quote_ident(table_name), column_name, 'SELECT')
		FROM information_schema.columns WHERE table_schema = current_schema()`, role)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	secrets := 0
	for rows.Next() {
		var table, column string
		var secret, readable bool
		if err := rows.Scan(&table, &column, &secret, &readable); err != nil {
			t.Fatal(err)
		}
		if secret {
			secrets++
		}
		if secret == readable {
			t.Errorf("%s.%s: credential %v, readable by the console %v", table, column, secret, readable)
		}
	}
	if err := rows.Err(); err != nil || secrets < 7 {
		t.Fatalf("%d credential columns, %v", secrets, err)
	}
}
