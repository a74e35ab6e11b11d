package postgres

import (
	"context"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Throttle counts failed sign-ins per key (login:…, addr:…) in a sliding
// window and refuses attempts past the limit of the key's kind.
type Throttle struct {
	Pool   *pgxpool.Pool
	Window time.Duration
	// Limits by key prefix, such as "login:" and "addr:".
	Limits map[string]int
}

// Allowed reports whether every key is below its limit.
func (t Throttle) Allowed(ctx context.Context, keys []string, now time.Time) (bool, error) {
	rows, err := t.Pool.Query(ctx, `
		SELECT key, count(*) FROM sign_in_failure WHERE key = ANY($1) AND failed_at > $2 GROUP BY key`,
		keys, now.Add(-t.Window))
	if err != nil {
		return false, err
	}
	allowed := true
	var key string
	var n int
	_, err = pgx.ForEachRow(rows, []any{&key, &n}, func() error {
		if n >= t.limitOf(key) {
			allowed = false
		}
		return nil
	})
	return allowed, err
}

func (t Throttle) limitOf(key string) int {
	for prefix, limit := range t.Limits {
		if strings.HasPrefix(key, prefix) {
			return limit
		}
	}
	return 10
}

// Failed counts a failure for every key and forgets failures older than the window.
func (t Throttle) Failed(ctx context.Context, keys []string, now time.Time) error {
	_, err := t.Pool.Exec(ctx, `
		WITH old AS (DELETE FROM sign_in_failure WHERE failed_at < $3)
		INSERT INTO sign_in_failure (key, failed_at) SELECT unnest($1::text[]), $2`,
		keys, now, now.Add(-t.Window))
	return err
}

// Succeeded forgets the keys' failures.
func (t Throttle) Succeeded(ctx context.Context, keys []string) error {
	_, err := t.Pool.Exec(ctx, `DELETE FROM sign_in_failure WHERE key = ANY($1)`, keys)
	return err
}
