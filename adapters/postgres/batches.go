package postgres

import (
	"context"
	"errors"
	"time"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/app/batches"
	"parcelportal/core/batch"
	"parcelportal/core/shipment"
)

// Batches keeps CSV batches in tables batch and validated_shipment and
// reads what the job runner wrote into shipment and carrier_exchange.
type Batches struct{ Pool *pgxpool.Pool }

// liveShipment: a shipment whose label the carrier has not cancelled.
const liveShipment = `s.state <> 'CANCELLED'`

// batchColumns read a batch with its counts in one statement.
const batchColumns = `b.id, b.customer_id, b.csv_file_name, b.status, b.created_at, b.created_by, b.created_by_admin,
	b.sent_at, b.sent_by, b.sent_by_admin, b.label_type, b.job_filter, b.processed_shipments, b.total_shipments,
	b.error_message, b.error_params, b.row_count, b.invalid_rows, b.has_invoice, b.manifest IS NOT NULL,
	coalesce(n.shipments, 0), coalesce(n.labelled, 0), coalesce(n.customs_docs, 0), coalesce(n.errors, 0),
	(SELECT count(*) FROM validated_shipment v WHERE v.batch_id = b.id AND v.changed
		AND EXISTS (SELECT 1 FROM shipment s WHERE s.validated_shipment_id = v.id)),
	coalesce(n.open, 0)`

// batchCounts joins the batch's shipment counts, which triggers keep as the
// shipments change (migration 00028): reading them costs the same for an
// empty batch and one of 2000 shipments. The rows edited after labelling
// are counted through a partial index that holds only them.
const batchCounts = `LEFT JOIN batch_shipment_count n ON n.batch_id = b.id`

var batchSelect = psql.Select(batchColumns).From("batch b " + batchCounts)

// paramsJSON is a message's parameters as a jsonb value: {} without any.
func paramsJSON(params map[string]string) map[string]string {
	if params == nil {
		return map[string]string{}
	}
	return params
}

// noParams reads {} as no parameters.
func noParams(params map[string]string) map[string]string {
	if len(params) == 0 {
		return nil
	}
	return params
}

func scanBatch(row pgx.Row) (batch.Batch, error) {
	var b batch.Batch
	var sentAt *time.Time
	var status, filter string
	c := &b.Counts
	err := row.Scan(&b.ID, &b.CustomerID, &b.FileName, &status, &b.CreatedAt, &b.CreatedBy, &b.CreatedByAdmin,
		&sentAt, &b.SentBy, &b.SentByAdmin, &b.LabelType, &filter, &b.Processed, &b.Total,
		&b.ErrorMessage, &b.ErrorParams, &b.RowCount, &b.InvalidRows, &b.HasInvoice, &c.HasManifest,
		&c.Shipments, &c.Labelled, &c.CustomsDocs, &c.ErrorShipments, &c.ChangedShipments, &c.Open)
	if err != nil {
		return batch.Batch{}, err
	}
	b.ErrorParams = noParams(b.ErrorParams)
	b.Status, b.JobFilter = batch.Status(status), batch.Filter(filter)
	b.CreatedAt = b.CreatedAt.UTC()
	if sentAt != nil {
		b.SentAt = sentAt.UTC()
	}
	return b, nil
}

// getBatch reads one batch; lock holds it until the transaction ends.
func getBatch(ctx context.Context, q querier, id int64, lock bool) (batch.Batch, error) {
	b := batchSelect.Where(sq.Eq{"b.id": id})
	if lock {
		b = b.Suffix("FOR UPDATE OF b")
	}
	query, args := b.MustSql()
	got, err := scanBatch(q.QueryRow(ctx, query, args...))
	if errors.Is(err, pgx.ErrNoRows) {
		return batch.Batch{}, batch.ErrNotFound
	}
	return got, err
}

// Create stores the batch, its file and its rows in one transaction; the
// rows go in with one COPY.
func (s Batches) Create(ctx context.Context, b batch.Batch, csv []byte, rows []shipment.Validated) (batch.Batch, error) {
	copyRows := make([][]any, len(rows))
	invalid, hasInvoice := 0, false
	for i, r := range rows {
		fields, lines := encodeRow(r)
		copyRows[i] = []any{nil, b.CustomerID, int32(i + 1), string(fields), string(lines), r.Valid}
		if !r.Valid {
			invalid++
		}
		hasInvoice = hasInvoice || r.Fields["invoiceNumber"].Value != ""
	}
	var saved batch.Batch
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		var id int64
		err := tx.QueryRow(ctx, `
			INSERT INTO batch (customer_id, csv_file_name, csv, status, created_by, created_by_admin, label_type, row_count, invalid_rows, has_invoice)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
			b.CustomerID, b.FileName, csv, string(b.Status), b.CreatedBy, b.CreatedByAdmin, b.LabelType, len(rows), invalid, hasInvoice).Scan(&id)
		if err != nil {
			return err
		}
		for _, r := range copyRows {
			r[0] = id
		}
		if _, err := tx.CopyFrom(ctx, pgx.Identifier{"validated_shipment"}, []string{"batch_id", "customer_id", "position", "fields", "order_lines", "valid"},
			pgx.CopyFromRows(copyRows)); err != nil {
			return err
		}
		saved, err = getBatch(ctx, tx, id, false)
		return err
	})
	return saved, err
}

// Get returns one batch with its counts.
func (s Batches) Get(ctx context.Context, id int64) (batch.Batch, error) {
	return getBatch(ctx, s.Pool, id, false)
}

// List answers a customer's batches, newest first, and the total.
func (s Batches) List(ctx context.Context, customerID int64, page, size int) ([]batch.Batch, int, error) {
	size = max(size, 1)
	query, args := batchSelect.Where(sq.Eq{"b.customer_id": customerID}).OrderBy("b.created_at DESC", "b.id DESC").
		Limit(uint64(size)).Offset(uint64(max(page, 0) * size)).MustSql()
	return listPage(ctx, s.Pool, scanBatch, query, args, `SELECT count(*) FROM batch WHERE customer_id = $1`, customerID)
}

// Update changes the batch's job fields through change in one transaction.
func (s Batches) Update(ctx context.Context, id int64, change func(*batch.Batch) error) (batch.Batch, error) {
	var saved batch.Batch
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		b, err := getBatch(ctx, tx, id, true)
		if err != nil {
			return err
		}
		if err := change(&b); err != nil {
			return err
		}
		var sentAt *time.Time
		if !b.SentAt.IsZero() {
			sentAt = &b.SentAt
		}
		_, err = tx.Exec(ctx, `
			UPDATE batch SET status = $2, sent_at = $3, sent_by = $4, sent_by_admin = $5, label_type = $6, job_filter = $7,
				processed_shipments = $8, total_shipments = $9, error_message = $10, error_params = $11
			WHERE id = $1`,
			id, string(b.Status), sentAt, b.SentBy, b.SentByAdmin, b.LabelType, string(b.JobFilter), b.Processed, b.Total,
			b.ErrorMessage, paramsJSON(b.ErrorParams))
		if err != nil {
			return err
		}
		saved, err = getBatch(ctx, tx, id, false)
		return err
	})
	return saved, err
}

// Delete removes the batch with its rows, shipments and traffic, if allow agrees.
func (s Batches) Delete(ctx context.Context, id int64, allow func(batch.Batch) error) error {
	return pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		b, err := getBatch(ctx, tx, id, true)
		if err != nil {
			return err
		}
		if err := allow(b); err != nil {
			return err
		}
		// The history tables refer to the batch ON DELETE RESTRICT
		// (migration 00014): what goes with it is named here, in order.
		for _, q := range []string{
			`DELETE FROM carrier_exchange WHERE batch_id = $1`,
			`DELETE FROM shipment WHERE batch_id = $1`,
			`DELETE FROM validated_shipment WHERE batch_id = $1`,
			`DELETE FROM batch WHERE id = $1`,
		} {
			if _, err := tx.Exec(ctx, q, id); err != nil {
				return err
			}
		}
		return nil
	})
}

// HasShippingHistory reports whether the customer has a batch or a shipment.
func (s Batches) HasShippingHistory(ctx context.Context, customerID int64) (bool, error) {
	var has bool
	err := s.Pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM batch WHERE customer_id = $1)
		OR EXISTS (SELECT 1 FROM shipment WHERE customer_id = $1)`, customerID).Scan(&has)
	return has, err
}

const rowColumns = `id, batch_id, position, changed, valid, fields, order_lines`

func scanRow(row pgx.Row) (batch.ValidatedShipment, error) {
	var r batch.ValidatedShipment
	var fields, lines []byte
	var valid bool
	if err := row.Scan(&r.ID, &r.BatchID, &r.Position, &r.Changed, &valid, &fields, &lines); err != nil {
		return batch.ValidatedShipment{}, err
	}
	v, err := decodeRow(fields, lines, valid)
	r.Validated = v
	return r, err
}

// Rows answers a batch's grid rows by position.
func (s Batches) Rows(ctx context.Context, batchID int64, onlyInvalid bool) ([]batch.ValidatedShipment, error) {
	query := `SELECT ` + rowColumns + ` FROM validated_shipment WHERE batch_id = $1`
	if onlyInvalid {
		query += ` AND NOT valid`
	}
	return queryAll(ctx, s.Pool, scanRow, query+` ORDER BY position`, batchID)
}

// RowPage answers a page of a batch's grid rows by position, their total
// and the most order lines of any row of the batch; the page reads and
// decodes only its own rows.
func (s Batches) RowPage(ctx context.Context, q batches.RowQuery) (batches.RowPage, error) {
	filter := `true`
	if q.OnlyInvalid {
		filter = `NOT valid`
	}
	var page batches.RowPage
	err := s.Pool.QueryRow(ctx, `SELECT count(*) FILTER (WHERE `+filter+`), coalesce(max(jsonb_array_length(order_lines)), 0)
		FROM validated_shipment WHERE batch_id = $1`, q.BatchID).Scan(&page.Total, &page.MaxOrderLines)
	if err != nil {
		return batches.RowPage{}, err
	}
	rows, err := s.Pool.Query(ctx, `SELECT `+rowColumns+` FROM validated_shipment WHERE batch_id = $1 AND `+filter+`
		ORDER BY position LIMIT $2 OFFSET $3`, q.BatchID, q.Size, q.Page*q.Size)
	if err != nil {
		return batches.RowPage{}, err
	}
	page.Rows, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (batch.ValidatedShipment, error) { return scanRow(r) })
	return page, err
}

// Row answers one grid row.
func (s Batches) Row(ctx context.Context, id int64) (batch.ValidatedShipment, error) {
	r, err := scanRow(s.Pool.QueryRow(ctx, `SELECT `+rowColumns+` FROM validated_shipment WHERE id = $1`, id))
	if errors.Is(err, pgx.ErrNoRows) {
		return batch.ValidatedShipment{}, batch.ErrRowNotFound
	}
	return r, err
}

// UpdateRow changes a row through change and recomputes the batch's
// validity and invoice flag, in one transaction.
func (s Batches) UpdateRow(ctx context.Context, batchID, rowID int64, change func(batch.Batch, *batch.ValidatedShipment, bool) error) (batch.ValidatedShipment, batch.Batch, error) {
	var row batch.ValidatedShipment
	var saved batch.Batch
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		b, err := getBatch(ctx, tx, batchID, true)
		if err != nil {
			return err
		}
		row, err = scanRow(tx.QueryRow(ctx, `SELECT `+rowColumns+` FROM validated_shipment WHERE id = $1 AND batch_id = $2 FOR UPDATE`, rowID, batchID))
		if errors.Is(err, pgx.ErrNoRows) {
			return batch.ErrRowNotFound
		}
		if err != nil {
			return err
		}
		var labelled bool
		err = tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM shipment s WHERE s.validated_shipment_id = $1 AND s.label IS NOT NULL AND `+liveShipment+`)`,
			rowID).Scan(&labelled)
		if err != nil {
			return err
		}
		if err := change(b, &row, labelled); err != nil {
			return err
		}
		row.ID, row.BatchID = rowID, batchID
		fields, lines := encodeRow(row.Validated)
		if _, err := tx.Exec(ctx, `UPDATE validated_shipment SET fields = $2, order_lines = $3, valid = $4, changed = $5 WHERE id = $1`,
			rowID, string(fields), string(lines), row.Valid, row.Changed); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `
			UPDATE batch SET
				invalid_rows = (SELECT count(*) FROM validated_shipment WHERE batch_id = $1 AND NOT valid),
				has_invoice = EXISTS (SELECT 1 FROM validated_shipment WHERE batch_id = $1 AND fields->'invoiceNumber'->>'value' <> '')
			WHERE id = $1`, batchID); err != nil {
			return err
		}
		saved, err = getBatch(ctx, tx, batchID, false)
		return err
	})
	return row, saved, err
}

var (
	_ batches.Batches   = Batches{}
	_ batches.Rows      = Batches{}
	_ batches.Shipments = Batches{}
	_ batches.Documents = Batches{}
	_ batches.Exchanges = Batches{}
)
