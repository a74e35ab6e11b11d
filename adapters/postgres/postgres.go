// Package postgres is the portal's storage: a pgx pool, the migrations, and
// one repository file per aggregate. Every SQL statement of the portal lives
// in this package.
package postgres

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"slices"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
)

//go:embed migrations/*.sql
var migrations embed.FS

// psql builds statements with PostgreSQL placeholders.
var psql = sq.StatementBuilder.PlaceholderFormat(sq.Dollar)

// Open connects a pool and checks that the database answers. maxConns
// sizes the pool when above zero; zero keeps the URL's pool_max_conns, or
// pgx's default (four per core, at least four).
func Open(ctx context.Context, url string, maxConns int32) (*pgxpool.Pool, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("parse database url: %w", err)
	}
	if maxConns > 0 {
		cfg.MaxConns = maxConns
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("connect database: %w", err)
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("ping database: %w", err)
	}
	return pool, nil
}

// Migrate brings the schema up to date. It is safe to run on every start and
// from several processes: goose takes a session lock in PostgreSQL.
func Migrate(ctx context.Context, pool *pgxpool.Pool) error {
	db := stdlib.OpenDBFromPool(pool)
	defer db.Close()
	return migrate(ctx, db)
}

func migrate(ctx context.Context, db *sql.DB) error {
	dir, err := fs.Sub(migrations, "migrations")
	if err != nil {
		return err
	}
	// Processes migrating the same schema wait for each other; different
	// schemas (parallel tests) do not.
	var lockID int64
	if err := db.QueryRowContext(ctx, "SELECT hashtext(current_schema())").Scan(&lockID); err != nil {
		return fmt.Errorf("read schema: %w", err)
	}
	locker, err := lock.NewPostgresSessionLocker(lock.WithLockID(lockID), lock.WithLockTimeout(1, 300))
	if err != nil {
		return err
	}
	// Branches developed side by side take migration numbers in advance, so a
	// database may have run a later number before an earlier one arrives
	// (00013 and 00014 before 00012): apply the missing one then instead of
	// refusing to start. Each migration stands on its own tables.
	provider, err := goose.NewProvider(goose.DialectPostgres, db, dir, goose.WithSessionLocker(locker),
		goose.WithAllowOutofOrder(true))
	if err != nil {
		return fmt.Errorf("load migrations: %w", err)
	}
	if _, err := provider.Up(ctx); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	return nil
}

// Probe checks that the database answers, for the health report.
type Probe struct{ Pool *pgxpool.Pool }

// Check asks the database whether it takes writes: a standby in recovery or
// a database set read-only (default_transaction_read_only, as operators do
// when its disk fills) answers reads but no upload, send or sign-in, so the
// portal is not ready.
func (p Probe) Check(ctx context.Context) error {
	var readOnly bool
	err := p.Pool.QueryRow(ctx, `SELECT pg_is_in_recovery() OR current_setting('transaction_read_only') = 'on'`).Scan(&readOnly)
	if err != nil {
		return err
	}
	if readOnly {
		return errReadOnly
	}
	return nil
}

// errReadOnly is a database that answers but takes no writes.
var errReadOnly = errors.New("the database is read-only")

// querier reads: the pool, a connection or a transaction.
type querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// violates reports whether err is PostgreSQL refusing a write with one of
// the constraint codes: 23505 unique, 23503 foreign key, 23514 check.
func violates(err error, codes ...string) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && slices.Contains(codes, pgErr.Code)
}

func isUniqueViolation(err error) bool     { return violates(err, "23505") }
func isForeignKeyViolation(err error) bool { return violates(err, "23503") }
func isCheckViolation(err error) bool      { return violates(err, "23514") }
