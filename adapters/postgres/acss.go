package postgres

import (
	"context"
	"errors"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/core/document"
	"parcelportal/core/failure"
)

// Acsses keeps the acss files with their tenant.
type Acsses struct{ Pool *pgxpool.Pool }

var (
	errAcssNotFound      = &failure.Error{Kind: failure.NotFound, Key: document.KeyNotFound, Entity: "acss"}
	errAcssUnknownTenant = &failure.Error{Kind: failure.Invalid, Key: "error.acss.unknownTenant", Entity: "acss"}
)

func acssSelect(withCSV bool) sq.SelectBuilder {
	csv := "NULL::bytea"
	if withCSV {
		csv = "a.csv"
	}
	return psql.Select("a.id", "a.name", "a.description", csv, "a.file_name", "a.created_at", "a.active",
		"coalesce(a.tenant_id, 0)", "coalesce(t.name, '')").
		From("acss a").LeftJoin("tenant t ON t.id = a.tenant_id")
}

func scanAcss(row pgx.Row) (document.Acss, error) {
	var a document.Acss
	err := row.Scan(&a.ID, &a.Name, &a.Description, &a.CSV, &a.FileName, &a.CreatedAt, &a.Active, &a.TenantID, &a.TenantName)
	return a, err
}

func acssWriteFailure(err error) error {
	if isForeignKeyViolation(err) {
		return errAcssUnknownTenant
	}
	return docWriteFailure("acss", err)
}

// List returns every file newest first without the CSV.
func (s Acsses) List(ctx context.Context) ([]document.Acss, error) {
	query, args := acssSelect(false).OrderBy("a.created_at DESC", "a.id DESC").MustSql()
	return queryAll(ctx, s.Pool, scanAcss, query, args...)
}

func getAcss(ctx context.Context, q querier, id int64, lock bool) (document.Acss, error) {
	b := acssSelect(true).Where(sq.Eq{"a.id": id})
	if lock {
		b = b.Suffix("FOR UPDATE OF a")
	}
	query, args := b.MustSql()
	a, err := scanAcss(q.QueryRow(ctx, query, args...))
	if errors.Is(err, pgx.ErrNoRows) {
		return document.Acss{}, errAcssNotFound
	}
	return a, err
}

// Get returns one file with its CSV.
func (s Acsses) Get(ctx context.Context, id int64) (document.Acss, error) {
	return getAcss(ctx, s.Pool, id, false)
}

// Create stores a file.
func (s Acsses) Create(ctx context.Context, a document.Acss) (document.Acss, error) {
	var id int64
	err := s.Pool.QueryRow(ctx, `
		INSERT INTO acss (name, description, csv, file_name, active, tenant_id)
		VALUES ($1, $2, $3, $4, $5, nullif($6, 0)) RETURNING id`,
		a.Name, a.Description, a.CSV, a.FileName, a.Active, a.TenantID).Scan(&id)
	if err != nil {
		return document.Acss{}, acssWriteFailure(err)
	}
	return s.Get(ctx, id)
}

// Update changes a file through change in one transaction.
func (s Acsses) Update(ctx context.Context, id int64, change func(document.Acss) (document.Acss, error)) (document.Acss, error) {
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		stored, err := getAcss(ctx, tx, id, true)
		if err != nil {
			return err
		}
		next, err := change(stored)
		if err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `
			UPDATE acss SET name = $2, description = $3, csv = $4, file_name = $5, active = $6, tenant_id = nullif($7, 0)
			WHERE id = $1`, id, next.Name, next.Description, next.CSV, next.FileName, next.Active, next.TenantID)
		return err
	})
	if err != nil {
		return document.Acss{}, acssWriteFailure(err)
	}
	return s.Get(ctx, id)
}

// Delete removes a file.
func (s Acsses) Delete(ctx context.Context, id int64) error {
	tag, err := s.Pool.Exec(ctx, `DELETE FROM acss WHERE id = $1`, id)
	if err == nil && tag.RowsAffected() == 0 {
		err = errAcssNotFound
	}
	return err
}
