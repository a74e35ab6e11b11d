package postgres

import (
	"context"
	"errors"
	"fmt"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/core/document"
	"parcelportal/core/failure"
)

// Docs keeps the product-codes and CSV-template documents, one table per kind.
type Docs struct{ Pool *pgxpool.Pool }

var docTables = map[document.Kind]string{
	document.ProductCodes: "product_codes_doc",
	document.CSVTemplate:  "csv_template_doc",
}

func docTable(kind document.Kind) (string, error) {
	table, ok := docTables[kind]
	if !ok {
		return "", fmt.Errorf("unknown document kind %q", kind)
	}
	return table, nil
}

func docNotFound(kind document.Kind) error {
	return &failure.Error{Kind: failure.NotFound, Key: document.KeyNotFound, Entity: string(kind)}
}

// docWriteFailure names an oversized file; the domain checks come first, the
// table's check is the last guard.
func docWriteFailure(object string, err error) error {
	if isCheckViolation(err) {
		return &failure.Error{Kind: failure.Invalid, Key: document.KeyTooLarge, Entity: object, Cause: err}
	}
	return err
}

const docColumns = "id, name, document, document_content_type, file_name, created_at, active, octet_length(document)"

func scanDoc(row pgx.Row) (document.Doc, error) {
	var d document.Doc
	err := row.Scan(&d.ID, &d.Name, &d.Document, &d.ContentType, &d.FileName, &d.CreatedAt, &d.Active, &d.Size)
	return d, err
}

func getDoc(ctx context.Context, q querier, kind document.Kind, table string, id int64, lock bool) (document.Doc, error) {
	query := "SELECT " + docColumns + " FROM " + table + " WHERE id = $1"
	if lock {
		query += " FOR UPDATE"
	}
	d, err := scanDoc(q.QueryRow(ctx, query, id))
	if errors.Is(err, pgx.ErrNoRows) {
		return document.Doc{}, docNotFound(kind)
	}
	return d, err
}

// List returns the kind's documents newest first, without their bytes.
func (s Docs) List(ctx context.Context, kind document.Kind) ([]document.Doc, error) {
	table, err := docTable(kind)
	if err != nil {
		return nil, err
	}
	return queryAll(ctx, s.Pool, scanDoc, `SELECT id, name, NULL::bytea, document_content_type, file_name, created_at, active, octet_length(document)
		FROM `+table+` ORDER BY created_at DESC, id DESC`)
}

// Get returns one document with its bytes.
func (s Docs) Get(ctx context.Context, kind document.Kind, id int64) (document.Doc, error) {
	table, err := docTable(kind)
	if err != nil {
		return document.Doc{}, err
	}
	return getDoc(ctx, s.Pool, kind, table, id, false)
}

// Active returns the kind's active document.
func (s Docs) Active(ctx context.Context, kind document.Kind) (document.Doc, bool, error) {
	table, err := docTable(kind)
	if err != nil {
		return document.Doc{}, false, err
	}
	d, err := scanDoc(s.Pool.QueryRow(ctx, "SELECT "+docColumns+" FROM "+table+" WHERE active"))
	if errors.Is(err, pgx.ErrNoRows) {
		return document.Doc{}, false, nil
	}
	return d, err == nil, err
}

// Create stores a document; an active one deactivates the others.
func (s Docs) Create(ctx context.Context, kind document.Kind, d document.Doc) (document.Doc, error) {
	table, err := docTable(kind)
	if err != nil {
		return document.Doc{}, err
	}
	var out document.Doc
	err = pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		if d.Active {
			if _, err := tx.Exec(ctx, "UPDATE "+table+" SET active = false WHERE active"); err != nil {
				return err
			}
		}
		query, args := psql.Insert(table).
			Columns("name", "document", "document_content_type", "file_name", "active").
			Values(d.Name, d.Document, d.ContentType, d.FileName, d.Active).
			Suffix("RETURNING " + docColumns).MustSql()
		out, err = scanDoc(tx.QueryRow(ctx, query, args...))
		return err
	})
	return out, docWriteFailure(string(kind), err)
}

// Update changes a document through change in one transaction.
func (s Docs) Update(ctx context.Context, kind document.Kind, id int64, change func(document.Doc) (document.Doc, error)) (document.Doc, error) {
	table, err := docTable(kind)
	if err != nil {
		return document.Doc{}, err
	}
	var out document.Doc
	err = pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		stored, err := getDoc(ctx, tx, kind, table, id, true)
		if err != nil {
			return err
		}
		next, err := change(stored)
		if err != nil {
			return err
		}
		if next.Active {
			if _, err := tx.Exec(ctx, "UPDATE "+table+" SET active = false WHERE active AND id <> $1", id); err != nil {
				return err
			}
		}
		query, args := psql.Update(table).SetMap(map[string]any{
			"name": next.Name, "document": next.Document, "document_content_type": next.ContentType,
			"file_name": next.FileName, "active": next.Active,
		}).Where(sq.Eq{"id": id}).Suffix("RETURNING " + docColumns).MustSql()
		out, err = scanDoc(tx.QueryRow(ctx, query, args...))
		return err
	})
	return out, docWriteFailure(string(kind), err)
}

// Delete removes a document unless check fails.
func (s Docs) Delete(ctx context.Context, kind document.Kind, id int64, check func(document.Doc) error) error {
	table, err := docTable(kind)
	if err != nil {
		return err
	}
	return pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		stored, err := getDoc(ctx, tx, kind, table, id, true)
		if err != nil {
			return err
		}
		if err := check(stored); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, "DELETE FROM "+table+" WHERE id = $1", id)
		return err
	})
}
