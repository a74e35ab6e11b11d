package postgres

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/jackc/pgx/v5/pgxpool"
)

// sealPlace names where a sealed value is stored: the Sealer binds the
// value to it, so a value copied to another row or column does not open.
func sealPlace(table, column string, id int64) string {
	return fmt.Sprintf("%s/%s/%d", table, column, id)
}

// sealedColumns are the columns that hold sealed values.
var sealedColumns = []struct{ table, column string }{
	{"customer", "credentials_sealed"},
	{"tenant", "a1_password"},
	{"tenant", "a1_api_key"},
	{"tenant", "grp_password"},
	{"webhook_endpoint", "secret_sealed"},
}

// ResealCredentials seals every value stored before values were bound to
// their place again, bound to its row and column, so that none can be moved
// to another row once this has run; values already bound stay as they are.
// Each value is replaced only if nobody changed it meanwhile, so several
// processes may run it at once. A value that does not open (another key)
// is left alone and logged by place, never by content. It answers how many
// values it sealed again.
func ResealCredentials(ctx context.Context, pool *pgxpool.Pool, sealer Sealer) (int, error) {
	resealed := 0
	for _, c := range sealedColumns {
		// The table and column names are the constants above.
		rows, err := pool.Query(ctx, fmt.Sprintf(`SELECT id, %s FROM %s WHERE %s IS NOT NULL`, c.column, c.table, c.column))
		if err != nil {
			return resealed, err
		}
		type stored struct {
			id    int64
			value []byte
		}
		var all []stored
		for rows.Next() {
			var s stored
			if err := rows.Scan(&s.id, &s.value); err != nil {
				rows.Close()
				return resealed, err
			}
			all = append(all, s)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return resealed, err
		}
		for _, s := range all {
			place := sealPlace(c.table, c.column, s.id)
			plain, legacy, err := sealer.Open(s.value, place)
			if err != nil {
				slog.WarnContext(ctx, "a sealed credential does not open with CREDENTIALS_KEY", "place", place)
				continue
			}
			if !legacy {
				continue
			}
			bound, err := sealer.Seal(plain, place)
			if err != nil {
				return resealed, err
			}
			tag, err := pool.Exec(ctx, fmt.Sprintf(`UPDATE %s SET %s = $3 WHERE id = $1 AND %s = $2`, c.table, c.column, c.column),
				s.id, s.value, bound)
			if err != nil {
				return resealed, err
			}
			resealed += int(tag.RowsAffected())
		}
	}
	return resealed, nil
}
