package management

import (
	"context"
	"strings"
	"time"

	"parcelportal/core/access"
	"parcelportal/core/failure"
)

// DatabaseConsole runs one statement read-only: as a database role that may
// only read, in a read-only transaction that is rolled back, within the
// bounds. A statement the database refuses (a write, a syntax error, a
// timeout, a column or function the role may not use) is a failure with a
// key of its own.
type DatabaseConsole interface {
	Query(ctx context.Context, sql string, bounds ConsoleBounds) (QueryResult, error)
}

// ConsoleBounds bound one statement: its rows, the bytes of their text,
// and its time.
type ConsoleBounds struct {
	MaxRows  int
	MaxBytes int
	Timeout  time.Duration
}

// QueryResult is a statement's answer as text.
type QueryResult struct {
	Columns []string
	Rows    [][]Cell
	// Truncated: the statement had more rows than the answer shows.
	Truncated bool
	// BytesCapped: the answer stopped at the byte cap (the last row's
	// cells may be cut).
	BytesCapped bool
	Elapsed     time.Duration
}

// Cell is one value; Null tells NULL from empty text.
type Cell struct {
	Text string
	Null bool
}

// The database console's bounds and failures.
const (
	ConsoleMaxRows = 500
	// ConsoleMaxBytes bounds the text of an answer's cells: 25 rows of
	// 20 MB once took the portal from 443 MB to 1.17 GB.
	ConsoleMaxBytes = 256 << 10
	ConsoleTimeout  = 5 * time.Second
	// KeyConsoleOff: production has no console.
	KeyConsoleOff = "error.databaseConsole.off"
	// KeyConsoleEmpty: no statement given.
	KeyConsoleEmpty = "error.databaseConsole.empty"
	// KeyConsoleReadOnly: the statement would write.
	KeyConsoleReadOnly = "error.databaseConsole.readOnly"
	// KeyConsoleTimeout: the statement ran past the timeout.
	KeyConsoleTimeout = "error.databaseConsole.timeout"
	// KeyConsoleSQL: the database refused the statement (message names why).
	KeyConsoleSQL = "error.databaseConsole.sql"
	// KeyConsoleDenied: the console's role may not read that (a credential
	// column, a table of another role) or call that function (another
	// role's backend, a sequence).
	KeyConsoleDenied = "error.databaseConsole.denied"
)

// RunDatabaseQuery runs an admin's statement read-only, outside production
// only: there the console does not exist.
func (q Queries) RunDatabaseQuery(ctx context.Context, caller *access.Caller, sql string) (QueryResult, error) {
	if err := access.Admins.Check(caller); err != nil {
		return QueryResult{}, err
	}
	if q.Settings.Production || q.Database == nil {
		return QueryResult{}, failure.New(failure.NotFound, KeyConsoleOff)
	}
	if strings.TrimSpace(sql) == "" {
		return QueryResult{}, failure.New(failure.Invalid, KeyConsoleEmpty)
	}
	return q.Database.Query(ctx, sql, ConsoleBounds{MaxRows: ConsoleMaxRows, MaxBytes: ConsoleMaxBytes, Timeout: ConsoleTimeout})
}
