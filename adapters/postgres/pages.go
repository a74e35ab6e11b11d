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

// listPage answers a paged list: the rows query returns, each read by scan, and
// the total countQuery counts over the whole list.
func listPage[T any](ctx context.Context, pool *pgxpool.Pool, scan func(pgx.Row) (T, error),
	query string, args []any, countQuery string, countArgs ...any) ([]T, int, error) {
	list, err := queryAll(ctx, pool, scan, query, args...)
	if err != nil {
		return nil, 0, err
	}
	var total int
	err = pool.QueryRow(ctx, countQuery, countArgs...).Scan(&total)
	return list, total, err
}
