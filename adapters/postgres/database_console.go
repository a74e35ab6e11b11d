package postgres

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/app/management"
	"parcelportal/core/failure"
)

// DatabaseConsole runs the administration console's statements read-only.
// Its pool logs in as the console's own role (CONSOLE_DATABASE_URL), which
// GrantConsole lets read the portal's tables and nothing else: not the
// credential columns, not another role's backends, no sequence, no
// maintenance command (REINDEX, ANALYZE and LOCK want the tables' owner).
type DatabaseConsole struct{ Pool *pgxpool.Pool }

var _ management.DatabaseConsole = DatabaseConsole{}

// Query runs sql in a READ ONLY transaction with a statement timeout and
// rolls it back, whatever happened. The extended protocol takes one
// statement only, so "SELECT 1; COMMIT; UPDATE ..." is refused whole. The
// connection is taken out of the pool and closed after: whatever session
// state a statement leaves (an advisory lock, a setting after COMMIT)
// dies with it. Rows are read until MaxRows or MaxBytes of text; past
// either the connection is closed at once, so the rest is never sent.
func (d DatabaseConsole) Query(ctx context.Context, sql string, bounds management.ConsoleBounds) (management.QueryResult, error) {
	switch command := firstWord(sql); {
	case slices.Contains(writeCommands, command):
		return management.QueryResult{}, failure.New(failure.Invalid, management.KeyConsoleReadOnly)
	case !slices.Contains(consoleCommands, command):
		return management.QueryResult{}, failure.New(failure.Invalid, management.KeyConsoleDenied)
	}
	ctx, cancel := context.WithTimeout(ctx, bounds.Timeout+2*time.Second)
	defer cancel()
	pooled, err := d.Pool.Acquire(ctx)
	if err != nil {
		return management.QueryResult{}, err
	}
	conn := pooled.Hijack()
	closed := false
	closeConn := func() {
		if !closed {
			closed = true
			_ = conn.Close(context.WithoutCancel(ctx))
		}
	}
	defer closeConn()
	tx, err := conn.BeginTx(ctx, pgx.TxOptions{AccessMode: pgx.ReadOnly})
	if err != nil {
		return management.QueryResult{}, err
	}
	if _, err := tx.Exec(ctx, fmt.Sprintf("SET LOCAL statement_timeout = %d", bounds.Timeout.Milliseconds())); err != nil {
		return management.QueryResult{}, err
	}
	started := time.Now()
	// Every column in Postgres' own text form, as psql shows it.
	rows, err := tx.Query(ctx, sql, pgx.QueryResultFormats{pgx.TextFormatCode})
	if err != nil {
		return management.QueryResult{}, consoleFailure(err)
	}
	var out management.QueryResult
	for _, f := range rows.FieldDescriptions() {
		out.Columns = append(out.Columns, f.Name)
	}
	budget := bounds.MaxBytes
	for rows.Next() {
		if len(out.Rows) == bounds.MaxRows || budget <= 0 {
			out.Truncated = true
			out.BytesCapped = budget <= 0
			break
		}
		values := rows.RawValues()
		row := make([]management.Cell, len(values))
		for i, v := range values {
			if v == nil {
				row[i] = management.Cell{Null: true}
				continue
			}
			text := cut(v, budget)
			budget -= len(v)
			row[i] = management.Cell{Text: text}
		}
		out.Rows = append(out.Rows, row)
		if budget < 0 {
			// This row's cells were cut to the cap: what follows is not read.
			out.Truncated, out.BytesCapped = true, true
			break
		}
	}
	if out.Truncated {
		// The rest of the answer stays unread: closing the connection
		// ends the statement, where Close on the rows would read it all.
		closeConn()
		out.Elapsed = time.Since(started)
		return out, nil
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return management.QueryResult{}, consoleFailure(err)
	}
	_ = tx.Rollback(ctx)
	out.Elapsed = time.Since(started)
	return out, nil
}

// consoleCommands are the statements the console runs; the rest (ANALYZE,
// VACUUM, REINDEX, LOCK, SET, CALL, DO, ...) are refused before the
// database sees them, even those the role would refuse or skip itself.
// writeCommands are refused as writes.
var (
	consoleCommands = []string{"select", "with", "table", "values", "explain", "show"}
	writeCommands   = []string{"insert", "update", "delete", "merge", "create", "alter", "drop", "truncate", "grant", "revoke", "copy", "comment", "refresh"}
)

// firstWord is sql's first word in lower case, after comments, blanks and
// parentheses.
func firstWord(sql string) string {
	for {
		trimmed := strings.TrimLeft(sql, " \t\r\n\f(")
		switch {
		case strings.HasPrefix(trimmed, "--"):
			_, sql, _ = strings.Cut(trimmed, "\n")
			continue
		case strings.HasPrefix(trimmed, "/*"):
			_, sql, _ = strings.Cut(trimmed, "*/") // a nested comment leaves "*/": no word, refused
			continue
		}
		sql = trimmed
		break
	}
	end := strings.IndexFunc(sql, func(r rune) bool { return !unicode.IsLetter(r) })
	if end < 0 {
		end = len(sql)
	}
	return strings.ToLower(sql[:end])
}

// cut is v as text, at most budget bytes of it, ending on a whole UTF-8
// character.
func cut(v []byte, budget int) string {
	if len(v) <= budget {
		return string(v)
	}
	n := max(budget, 0)
	for n > 0 && !utf8.RuneStart(v[n]) {
		n--
	}
	return string(v[:n])
}

// consoleFailure names why the database refused a statement.
func consoleFailure(err error) error {
	var pgErr *pgconn.PgError
	if !errors.As(err, &pgErr) {
		return err
	}
	switch {
	case pgErr.Code == "25006": // read_only_sql_transaction
		return &failure.Error{Kind: failure.Invalid, Key: management.KeyConsoleReadOnly, Cause: err}
	case pgErr.Code == "57014": // query_canceled: the statement timeout
		return &failure.Error{Kind: failure.Invalid, Key: management.KeyConsoleTimeout, Cause: err}
	case pgErr.Code == "42501" || strings.HasPrefix(pgErr.Message, "must be "):
		// insufficient_privilege; signalling another role's backend says
		// "must be a member of the role whose process is being terminated".
		f := failure.New(failure.Invalid, management.KeyConsoleDenied, "message", pgErr.Message)
		f.Cause = err
		return f
	}
	f := failure.New(failure.Invalid, management.KeyConsoleSQL, "message", pgErr.Message, "code", pgErr.Code)
	f.Cause = err
	return f
}
