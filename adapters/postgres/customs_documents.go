package postgres

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/core/customer"
	"parcelportal/core/customsdoc"
)

// CustomsDocuments keeps the customs documents (customs_document) and
// finds the customers whose documents the carrier may have published.
type CustomsDocuments struct {
	Pool *pgxpool.Pool
	// Customers reads a customer with its carrier logins (Manifesting).
	Customers Customers
}

const customsDocumentColumns = `id, customer_id, crmid, identifier, source, COALESCE(carrier_document_id, ''), filename,
	content_type, size, uploaded_at, uploaded_by, last_downloaded_at, COALESCE(last_downloaded_by, '')`

func scanCustomsDocument(row pgx.Row, extra ...any) (customsdoc.Document, error) {
	var d customsdoc.Document
	var downloaded *time.Time
	err := row.Scan(append([]any{&d.ID, &d.CustomerID, &d.CRMID, &d.Identifier, &d.Source, &d.CarrierDocumentID, &d.Filename,
		&d.ContentType, &d.Size, &d.UploadedAt, &d.UploadedBy, &downloaded, &d.LastDownloadedBy}, extra...)...)
	if errors.Is(err, pgx.ErrNoRows) {
		return customsdoc.Document{}, customsdoc.ErrNotFound
	}
	if downloaded != nil {
		d.LastDownloadedAt = downloaded.UTC()
	}
	d.UploadedAt = d.UploadedAt.UTC()
	return d, err
}

func collectCustomsDocuments(rows pgx.Rows, err error) ([]customsdoc.Document, error) {
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (customsdoc.Document, error) { return scanCustomsDocument(r) })
}

// CustomerOf returns the id of the customer with the CRM id.
func (s CustomsDocuments) CustomerOf(ctx context.Context, crmid string) (int64, error) {
	var id int64
	err := s.Pool.QueryRow(ctx, `SELECT id FROM customer WHERE crmid = $1`, crmid).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, customsdoc.ErrNotFound
	}
	return id, err
}

// List returns the customers' documents (all for nil), newest first.
func (s CustomsDocuments) List(ctx context.Context, customers []int64, limit int) ([]customsdoc.Document, error) {
	if customers == nil {
		return collectCustomsDocuments(s.Pool.Query(ctx, `SELECT `+customsDocumentColumns+` FROM customs_document
			ORDER BY uploaded_at DESC, id DESC LIMIT $1`, limit))
	}
	return collectCustomsDocuments(s.Pool.Query(ctx, `SELECT `+customsDocumentColumns+` FROM customs_document
		WHERE customer_id = ANY($1) ORDER BY uploaded_at DESC, id DESC LIMIT $2`, customers, limit))
}

// Describe returns the documents with the ids that exist.
func (s CustomsDocuments) Describe(ctx context.Context, ids []int64) ([]customsdoc.Document, error) {
	return collectCustomsDocuments(s.Pool.Query(ctx, `SELECT `+customsDocumentColumns+` FROM customs_document WHERE id = ANY($1)`, ids))
}

// Read reads the contents one row at a time in the order of ids, so a zip
// of many documents never holds more than one of them.
func (s CustomsDocuments) Read(ctx context.Context, ids []int64, each func(customsdoc.Document, []byte) error) error {
	rows, err := s.Pool.Query(ctx, `SELECT `+customsDocumentColumns+`, content FROM customs_document d
		JOIN unnest($1::bigint[]) WITH ORDINALITY AS pick (id, n) USING (id) ORDER BY pick.n`, ids)
	if err != nil {
		return err
	}
	defer rows.Close()
	seen := 0
	for rows.Next() {
		var data []byte
		d, err := scanCustomsDocument(rows, &data)
		if err != nil {
			return err
		}
		seen++
		if err := each(d, data); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if seen != len(ids) {
		return customsdoc.ErrNotFound
	}
	return nil
}

// RecordDownloads stamps the documents as downloaded at by by.
func (s CustomsDocuments) RecordDownloads(ctx context.Context, ids []int64, by string, at time.Time) error {
	tag, err := s.Pool.Exec(ctx, `UPDATE customs_document SET last_downloaded_at = $2, last_downloaded_by = $3 WHERE id = ANY($1)`, ids, at, by)
	if err != nil {
		return err
	}
	if int(tag.RowsAffected()) != len(ids) {
		return customsdoc.ErrNotFound
	}
	return nil
}

// Add stores a document; a carrier document the customer holds already is
// left as it is (created false). An unknown customer is customsdoc.ErrNotFound.
func (s CustomsDocuments) Add(ctx context.Context, d customsdoc.Document, data []byte) (customsdoc.Document, bool, error) {
	var carrierID *string
	if d.CarrierDocumentID != "" {
		carrierID = &d.CarrierDocumentID
	}
	stored, err := scanCustomsDocument(s.Pool.QueryRow(ctx, `
		INSERT INTO customs_document (customer_id, crmid, identifier, source, carrier_document_id, filename, content_type,
			size, content, uploaded_at, uploaded_by)
		SELECT id, crmid, $2, $3, $4, $5, $6, $7, $8, $9, $10 FROM customer WHERE id = $1
		ON CONFLICT (customer_id, carrier_document_id) DO NOTHING
		RETURNING `+customsDocumentColumns,
		d.CustomerID, d.Identifier, d.Source, carrierID, d.Filename, d.ContentType, int64(len(data)), data, d.UploadedAt, d.UploadedBy))
	if err == nil {
		return stored, true, nil
	}
	if !errors.Is(err, customsdoc.ErrNotFound) || carrierID == nil {
		return customsdoc.Document{}, false, err
	}
	// Nothing inserted: the customer is unknown, or holds the document.
	held, err := scanCustomsDocument(s.Pool.QueryRow(ctx, `SELECT `+customsDocumentColumns+` FROM customs_document
		WHERE customer_id = $1 AND carrier_document_id = $2`, d.CustomerID, *carrierID))
	return held, false, err
}

// Manifesting lists the customers with a manifest created since, with
// their carrier logins.
func (s CustomsDocuments) Manifesting(ctx context.Context, since time.Time) ([]customer.Customer, error) {
	rows, err := s.Pool.Query(ctx, `SELECT DISTINCT customer_id FROM batch
		WHERE status = 'MANIFEST_CREATED' AND manifest_created_at >= $1 ORDER BY customer_id`, since)
	if err != nil {
		return nil, err
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return nil, err
	}
	out := make([]customer.Customer, 0, len(ids))
	for _, id := range ids {
		c, err := s.Customers.Get(ctx, id)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}
