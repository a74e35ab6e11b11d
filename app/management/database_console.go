package management

import (
	"context"
	"strings"
	"time"

	"parcelportal/core/access"
	"parcelportal/core/failure"
)

// DatabaseConsole runs one statement read-only: in a read-only transaction
// that is rolled back, bounded by timeout, answering at most maxRows rows.
// A statement the database refuses (a write, a syntax error, a timeout)
// is a failure with a key of its own.
type DatabaseConsole interface {
	Query(ctx context.Context, sql string, maxRows int, timeout time.Duration) (QueryResult, error)
}

// QueryResult is a statement's answer as text.
type QueryResult struct {
	Columns   []string
	Rows      [][]Cell
	Truncated bool
	Elapsed   time.Duration
}

// Cell is one value; Null tells NULL from empty text.
type Cell struct {
	Text string
	Null bool
}

// The database console's bounds and failures.
const (
	ConsoleMaxRows = 500
	ConsoleTimeout = 5 * time.Second
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
	return q.Database.Query(ctx, sql, ConsoleMaxRows, ConsoleTimeout)
}
