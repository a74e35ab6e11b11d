package postgres

import (
	"context"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/app/identity"
)

// Throttle counts attempts per key (login:…, mfa:…, addr:…) in a window that
// starts with a key's first attempt, and refuses attempts past the limit of
// the key's kind.
type Throttle struct {
	Pool   *pgxpool.Pool
	Window time.Duration
	Limits identity.ThrottleLimits
}

// Attempt counts an attempt for every key in one statement and reports
// whether every key is within its limit, this attempt included. Row locks
// of the UPSERT serialise parallel attempts on a key, so no more than the
// limit pass; the keys are sorted so that two attempts lock shared keys
// in the same order.
func (t Throttle) Attempt(ctx context.Context, keys []string, now time.Time) (bool, error) {
	keys = slices.Compact(slices.Sorted(slices.Values(keys)))
	rows, err := t.Pool.Query(ctx, `
		INSERT INTO throttle_attempt AS t (key, window_start, attempts)
		SELECT k, $2, 1 FROM unnest($1::text[]) AS k ORDER BY k
		ON CONFLICT (key) DO UPDATE SET
			window_start = CASE WHEN t.window_start <= $3 THEN EXCLUDED.window_start ELSE t.window_start END,
			attempts     = CASE WHEN t.window_start <= $3 THEN 1 ELSE t.attempts + 1 END
		RETURNING key, attempts`,
		keys, now, now.Add(-t.Window))
	if err != nil {
		return false, err
	}
	allowed := true
	var key string
	var n int
	_, err = pgx.ForEachRow(rows, []any{&key, &n}, func() error {
		if n > t.Limits.Of(key) {
			allowed = false
		}
		return nil
	})
	return allowed, err
}

// Forget drops the keys' attempts, and a few windows that ended for
// anybody (skipping rows other attempts hold, so that no two wait on each other).
func (t Throttle) Forget(ctx context.Context, keys []string) error {
	if _, err := t.Pool.Exec(ctx, `DELETE FROM throttle_attempt WHERE key = ANY($1)`, keys); err != nil {
		return err
	}
	_, err := t.Pool.Exec(ctx, `
		DELETE FROM throttle_attempt WHERE key IN (
			SELECT key FROM throttle_attempt WHERE window_start < $1 LIMIT 100 FOR UPDATE SKIP LOCKED)`,
		time.Now().Add(-t.Window))
	return err
}

// Refund takes back one attempt of every key.
func (t Throttle) Refund(ctx context.Context, keys []string) error {
	_, err := t.Pool.Exec(ctx, `UPDATE throttle_attempt SET attempts = attempts - 1 WHERE key = ANY($1) AND attempts > 0`, keys)
	return err
}
