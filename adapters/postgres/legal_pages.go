package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/core/document"
	"parcelportal/core/failure"
)

// LegalPages keeps the legal pages, one row per tenant, page and locale.
type LegalPages struct{ Pool *pgxpool.Pool }

const legalColumns = "tenant_id, kind, locale, body, updated_at, updated_by"

func scanLegal(row pgx.Row) (document.LegalPage, error) {
	var p document.LegalPage
	err := row.Scan(&p.TenantID, &p.Kind, &p.Locale, &p.Body, &p.UpdatedAt, &p.UpdatedBy)
	return p, err
}

// List returns the tenant's pages of one kind, or of all when kind is empty.
func (s LegalPages) List(ctx context.Context, tenantID int64, kind document.LegalKind) ([]document.LegalPage, error) {
	return queryAll(ctx, s.Pool, scanLegal, `SELECT `+legalColumns+` FROM legal_page
		WHERE tenant_id = $1 AND ($2 = '' OR kind = $2) ORDER BY kind, locale`, tenantID, string(kind))
}

// Put publishes a page over the tenant's page of that kind and locale.
func (s LegalPages) Put(ctx context.Context, p document.LegalPage) (document.LegalPage, error) {
	out, err := scanLegal(s.Pool.QueryRow(ctx, `INSERT INTO legal_page (`+legalColumns+`)
		VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (tenant_id, kind, locale) DO UPDATE
			SET body = excluded.body, updated_at = excluded.updated_at, updated_by = excluded.updated_by
		RETURNING `+legalColumns, p.TenantID, string(p.Kind), p.Locale, p.Body, p.UpdatedAt, p.UpdatedBy))
	switch {
	case isForeignKeyViolation(err):
		return document.LegalPage{}, &failure.Error{Kind: failure.Invalid, Key: "error.validation", Entity: document.LegalObject, Cause: err,
			Fields: []failure.FieldViolation{{Object: document.LegalObject, Field: "tenantId", Rule: "exists"}}}
	case isCheckViolation(err):
		// The domain checks come first; the table's checks are the last guard.
		return document.LegalPage{}, &failure.Error{Kind: failure.Invalid, Key: "error.validation", Entity: document.LegalObject, Cause: err}
	}
	return out, err
}

// Delete withdraws one page.
func (s LegalPages) Delete(ctx context.Context, tenantID int64, kind document.LegalKind, locale string) error {
	tag, err := s.Pool.Exec(ctx, `DELETE FROM legal_page WHERE tenant_id = $1 AND kind = $2 AND locale = $3`, tenantID, string(kind), locale)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return &failure.Error{Kind: failure.NotFound, Key: document.KeyLegalNotPublished, Entity: document.LegalObject}
	}
	return nil
}

// TenantOf is the tenant of the customer's hub, else the first tenant.
func (s LegalPages) TenantOf(ctx context.Context, customerID int64) (int64, error) {
	return tenantOf(ctx, s.Pool, customerID)
}
