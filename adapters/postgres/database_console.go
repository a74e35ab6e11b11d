package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/app/management"
	"parcelportal/core/failure"
)

// DatabaseConsole runs the administration console's statements read-only.
type DatabaseConsole struct{ Pool *pgxpool.Pool }

var _ management.DatabaseConsole = DatabaseConsole{}

// Query runs sql in a READ ONLY transaction with a statement timeout and
// rolls it back, whatever happened. The extended protocol takes one
// statement only, so "SELECT 1; COMMIT; UPDATE ..." is refused whole. The
// connection is taken out of the pool and closed after: whatever session
// state a statement leaves (an advisory lock, a setting after COMMIT)
// dies with it.
func (d DatabaseConsole) Query(ctx context.Context, sql string, maxRows int, timeout time.Duration) (management.QueryResult, error) {
	ctx, cancel := context.WithTimeout(ctx, timeout+2*time.Second)
	defer cancel()
	pooled, err := d.Pool.Acquire(ctx)
	if err != nil {
		return management.QueryResult{}, err
	}
	conn := pooled.Hijack()
	defer func() { _ = conn.Close(context.WithoutCancel(ctx)) }()
	tx, err := conn.BeginTx(ctx, pgx.TxOptions{AccessMode: pgx.ReadOnly})
	if err != nil {
		return management.QueryResult{}, err
	}
	defer func() { _ = tx.Rollback(context.WithoutCancel(ctx)) }()
	if _, err := tx.Exec(ctx, fmt.Sprintf("SET LOCAL statement_timeout = %d", timeout.Milliseconds())); err != nil {
		return management.QueryResult{}, err
	}
	started := time.Now()
	// Every column in Postgres' own text form, as psql shows it.
	rows, err := tx.Query(ctx, sql, pgx.QueryResultFormats{pgx.TextFormatCode})
	if err != nil {
		return management.QueryResult{}, consoleFailure(err)
	}
	defer rows.Close()
	var out management.QueryResult
	for _, f := range rows.FieldDescriptions() {
		out.Columns = append(out.Columns, f.Name)
	}
	for rows.Next() {
		if len(out.Rows) == maxRows {
			out.Truncated = true
			break
		}
		values := rows.RawValues()
		row := make([]management.Cell, len(values))
		for i, v := range values {
			if v == nil {
				row[i] = management.Cell{Null: true}
				continue
			}
			row[i] = management.Cell{Text: string(v)}
		}
		out.Rows = append(out.Rows, row)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return management.QueryResult{}, consoleFailure(err)
	}
	out.Elapsed = time.Since(started)
	return out, nil
}

// consoleFailure names why the database refused a statement.
func consoleFailure(err error) error {
	var pgErr *pgconn.PgError
	if !errors.As(err, &pgErr) {
		return err
	}
	switch pgErr.Code {
	case "25006": // read_only_sql_transaction
		return &failure.Error{Kind: failure.Invalid, Key: management.KeyConsoleReadOnly, Cause: err}
	case "57014": // query_canceled: the statement timeout
		return &failure.Error{Kind: failure.Invalid, Key: management.KeyConsoleTimeout, Cause: err}
	}
	f := failure.New(failure.Invalid, management.KeyConsoleSQL, "message", pgErr.Message, "code", pgErr.Code)
	f.Cause = err
	return f
}
