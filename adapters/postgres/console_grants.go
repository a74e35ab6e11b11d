package postgres

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// hiddenColumns are the columns the database console's role never reads:
// the sealed credentials (tenants' carrier logins, customers' API logins)
// and the hashes that stand for bearers, second-factor codes and the
// newsletter's confirmation links (with the link's expiry, which belongs to
// it).
var hiddenColumns = append(slices.Clone(sealedColumns), []struct{ table, column string }{
	{"mfa_pending", "token_hash"},
	{"mfa_used_code", "code_hash"},
	{"download_token", "token_hash"},
	{"newsletter_subscription", "token_hash"},
	{"newsletter_subscription", "token_expires_at"},
}...)

// GrantConsole lets role (the database console's login, CONSOLE_DATABASE_URL)
// read every table and view of the current schema, except hiddenColumns:
// a table with such a column is granted its other columns one by one, as
// SELECT on the table would cover all of them. Whatever else role was
// granted on them is revoked. It runs after Migrate on every start, so new
// tables and columns are covered; processes starting together take turns.
func GrantConsole(ctx context.Context, pool *pgxpool.Pool, role string) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext('grant console ' || current_schema()))`); err != nil {
			return err
		}
		grantee := pgx.Identifier{role}.Sanitize()
		var schema string
		if err := tx.QueryRow(ctx, `SELECT current_schema()`).Scan(&schema); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `SELECT c.relname, array_agg(a.attname::text ORDER BY a.attnum)
			FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
			WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p', 'v', 'm')
			GROUP BY c.relname ORDER BY c.relname`)
		if err != nil {
			return err
		}
		type relation struct {
			name    string
			columns []string
		}
		relations, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (relation, error) {
			var x relation
			return x, r.Scan(&x.name, &x.columns)
		})
		if err != nil {
			return err
		}
		statements := []string{fmt.Sprintf("GRANT USAGE ON SCHEMA %s TO %s", pgx.Identifier{schema}.Sanitize(), grantee)}
		for _, r := range relations {
			table := pgx.Identifier{schema, r.name}.Sanitize()
			statements = append(statements, fmt.Sprintf("REVOKE ALL ON %s FROM %s", table, grantee))
			visible := slices.DeleteFunc(slices.Clone(r.columns), func(c string) bool { return hidden(r.name, c) })
			if len(visible) == len(r.columns) {
				statements = append(statements, fmt.Sprintf("GRANT SELECT ON %s TO %s", table, grantee))
				continue
			}
			for _, c := range r.columns {
				if hidden(r.name, c) {
					// A column grant outlives REVOKE ALL on the table.
					statements = append(statements, fmt.Sprintf("REVOKE ALL (%s) ON %s FROM %s", pgx.Identifier{c}.Sanitize(), table, grantee))
				}
			}
			quoted := make([]string, len(visible))
			for i, c := range visible {
				quoted[i] = pgx.Identifier{c}.Sanitize()
			}
			statements = append(statements, fmt.Sprintf("GRANT SELECT (%s) ON %s TO %s", strings.Join(quoted, ", "), table, grantee))
		}
		for _, s := range statements {
			if _, err := tx.Exec(ctx, s); err != nil {
				return fmt.Errorf("grant the console: %s: %w", s, err)
			}
		}
		return nil
	})
}

func hidden(table, column string) bool {
	return slices.ContainsFunc(hiddenColumns, func(h struct{ table, column string }) bool {
		return h.table == table && h.column == column
	})
}
