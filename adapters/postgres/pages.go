package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// queryAll answers every row the query returns, each read by scan; q is the
// pool or a transaction.
func queryAll[T any](ctx context.Context, q querier, scan func(pgx.Row) (T, error), query string, args ...any) ([]T, error) {
	rows, err := q.Query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (T, error) { return scan(r) })
}

// listPage answers a paged list: the rows query returns, each read by scan,
// and the total countQuery counts over the whole list. Both statements go
// to the database together, in one round trip.
func listPage[T any](ctx context.Context, pool *pgxpool.Pool, scan func(pgx.Row) (T, error),
	query string, args []any, countQuery string, countArgs ...any) ([]T, int, error) {
	var both pgx.Batch
	both.Queue(query, args...)
	both.Queue(countQuery, countArgs...)
	results := pool.SendBatch(ctx, &both)
	defer results.Close()
	rows, err := results.Query()
	if err != nil {
		return nil, 0, err
	}
	list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (T, error) { return scan(r) })
	if err != nil {
		return nil, 0, err
	}
	var total int
	if err := results.QueryRow().Scan(&total); err != nil {
		return nil, 0, err
	}
	return list, total, results.Close()
}
