package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// listPage answers a paged list: the rows query returns, each read by scan, and
// the total countQuery counts over the whole list.
func listPage[T any](ctx context.Context, pool *pgxpool.Pool, scan func(pgx.Row) (T, error),
	query string, args []any, countQuery string, countArgs ...any) ([]T, int, error) {
	rows, err := pool.Query(ctx, query, args...)
	if err != nil {
		return nil, 0, err
	}
	list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (T, error) { return scan(r) })
	if err != nil {
		return nil, 0, err
	}
	var total int
	err = pool.QueryRow(ctx, countQuery, countArgs...).Scan(&total)
	return list, total, err
}
