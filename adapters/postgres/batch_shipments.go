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
)

const shipmentColumns = `s.id, s.batch_id, s.customer_id, coalesce(s.validated_shipment_id, 0), s.position, s.success,
	s.state = 'CANCELLED', s.error_message, s.error_params, s.identifier, s.label_type, s.label_content_type,
	s.label IS NOT NULL, s.customs_doc IS NOT NULL, s.submitted_at, s.reference_number, s.receiver_name,
	s.product, s.service, s.destination, s.api_client, s.retoure, coalesce(v.changed, false), b.status`

var shipmentSelect = psql.Select(shipmentColumns).From("shipment s").
	Join("batch b ON b.id = s.batch_id").LeftJoin("validated_shipment v ON v.id = s.validated_shipment_id")

func scanShipment(row pgx.Row) (batch.Shipment, error) {
	var s batch.Shipment
	var submitted *time.Time
	var status string
	err := row.Scan(&s.ID, &s.BatchID, &s.CustomerID, &s.ValidatedShipmentID, &s.Position, &s.Success,
		&s.Cancelled, &s.ErrorMessage, &s.ErrorParams, &s.Identifier, &s.LabelType, &s.LabelContentType,
		&s.HasLabel, &s.HasCustomsDoc, &submitted, &s.ReferenceNumber, &s.ReceiverName,
		&s.Product, &s.Service, &s.Destination, &s.APIClient, &s.Retoure, &s.Changed, &status)
	if submitted != nil {
		s.SubmittedAt = submitted.UTC()
	}
	s.BatchStatus = batch.Status(status)
	s.ErrorParams = noParams(s.ErrorParams)
	return s, err
}

func shipmentFilter(f batch.Filter) sq.Sqlizer {
	return sq.Expr(filterWhere(f))
}

// Shipments answers a page of a batch's shipments by position, or of a
// customer's newest first, and the total.
func (s Batches) Shipments(ctx context.Context, q batches.ShipmentQuery) ([]batch.Shipment, int, error) {
	where := sq.And{shipmentFilter(q.Filter)}
	order := []string{"s.created_at DESC", "s.id DESC"}
	if q.BatchID != 0 {
		where = append(where, sq.Eq{"s.batch_id": q.BatchID})
		order = []string{"s.position", "s.id"}
	}
	if q.CustomerID != 0 {
		where = append(where, sq.Eq{"s.customer_id": q.CustomerID})
	}
	size := max(q.Size, 1)
	query, args := shipmentSelect.Where(where).OrderBy(order...).Limit(uint64(size)).Offset(uint64(max(q.Page, 0) * size)).MustSql()
	countQuery, countArgs := psql.Select("count(*)").From("shipment s").
		LeftJoin("validated_shipment v ON v.id = s.validated_shipment_id").Where(where).MustSql()
	return listPage(ctx, s.Pool, scanShipment, query, args, countQuery, countArgs...)
}

func getShipment(ctx context.Context, q querier, id int64) (batch.Shipment, error) {
	query, args := shipmentSelect.Where(sq.Eq{"s.id": id}).MustSql()
	sh, err := scanShipment(q.QueryRow(ctx, query, args...))
	if errors.Is(err, pgx.ErrNoRows) {
		return batch.Shipment{}, batch.ErrShipmentNotFound
	}
	return sh, err
}

// Shipment answers one shipment.
func (s Batches) Shipment(ctx context.Context, id int64) (batch.Shipment, error) {
	return getShipment(ctx, s.Pool, id)
}

// ShipmentTraffic answers the exchange the shipment shows.
func (s Batches) ShipmentTraffic(ctx context.Context, id int64) (string, string, error) {
	var req, rsp string
	err := s.Pool.QueryRow(ctx, `SELECT soap_request, soap_response FROM shipment WHERE id = $1`, id).Scan(&req, &rsp)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", "", batch.ErrShipmentNotFound
	}
	return req, rsp, err
}

// DeleteShipment removes a shipment with its traffic, if allow agrees, and
// clears its row's changed flag; the batch is locked meanwhile so that no
// job starts on it.
func (s Batches) DeleteShipment(ctx context.Context, id int64, allow func(batch.Batch, batch.Shipment) error) error {
	return pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		var batchID int64
		err := tx.QueryRow(ctx, `SELECT batch_id FROM shipment WHERE id = $1`, id).Scan(&batchID)
		if errors.Is(err, pgx.ErrNoRows) {
			return batch.ErrShipmentNotFound
		}
		if err != nil {
			return err
		}
		b, err := getBatch(ctx, tx, batchID, true)
		if err != nil {
			return err
		}
		sh, err := getShipment(ctx, tx, id)
		if err != nil {
			return err
		}
		if err := allow(b, sh); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `
			WITH s AS (DELETE FROM shipment WHERE id = $1 RETURNING validated_shipment_id)
			UPDATE validated_shipment v SET changed = false FROM s WHERE v.id = s.validated_shipment_id`, id)
		return err
	})
}

// CSV answers the file as uploaded.
func (s Batches) CSV(ctx context.Context, batchID int64) ([]byte, error) {
	var csv []byte
	err := s.Pool.QueryRow(ctx, `SELECT csv FROM batch WHERE id = $1`, batchID).Scan(&csv)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, batch.ErrNotFound
	}
	return csv, err
}

// Manifest answers the manifest document and when it was made.
func (s Batches) Manifest(ctx context.Context, batchID int64) ([]byte, time.Time, error) {
	var doc []byte
	var at *time.Time
	err := s.Pool.QueryRow(ctx, `SELECT manifest, manifest_created_at FROM batch WHERE id = $1`, batchID).Scan(&doc, &at)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, time.Time{}, batch.ErrNotFound
	}
	if at == nil {
		return doc, time.Time{}, err
	}
	return doc, at.UTC(), err
}

// documents answers one document column of a batch's live shipments by position.
func (s Batches) documents(ctx context.Context, batchID int64, column string) ([]batches.Document, error) {
	return queryAll(ctx, s.Pool, func(r pgx.Row) (batches.Document, error) {
		var d batches.Document
		err := r.Scan(&d.ShipmentID, &d.LabelType, &d.ContentType, &d.Data)
		return d, err
	}, `SELECT s.id, s.label_type, s.label_content_type, s.`+column+` FROM shipment s
		WHERE s.batch_id = $1 AND s.`+column+` IS NOT NULL AND `+liveShipment+`
		ORDER BY s.position, s.id`, batchID)
}

// Labels answers the labels of the batch's live shipments.
func (s Batches) Labels(ctx context.Context, batchID int64) ([]batches.Document, error) {
	return s.documents(ctx, batchID, "label")
}

// CustomsDocs answers the customs documents of the batch's live shipments.
func (s Batches) CustomsDocs(ctx context.Context, batchID int64) ([]batches.Document, error) {
	docs, err := s.documents(ctx, batchID, "customs_doc")
	for i := range docs {
		docs[i].LabelType, docs[i].ContentType = "", "application/pdf"
	}
	return docs, err
}

// Traffic answers the requests or responses exchanged for the batch and its
// shipments, in order.
func (s Batches) Traffic(ctx context.Context, batchID int64, responses bool) ([]batches.Exchange, error) {
	column := "request"
	if responses {
		column = "response"
	}
	rows, err := s.Pool.Query(ctx, `
		SELECT operation, coalesce(shipment_id, 0), at, `+column+` FROM carrier_exchange
		WHERE batch_id = $1 OR shipment_id IN (SELECT id FROM shipment WHERE batch_id = $1)
		ORDER BY id`, batchID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, scanExchange)
}

// scanExchange reads operation, shipment id, time and text.
func scanExchange(r pgx.CollectableRow) (batches.Exchange, error) {
	var e batches.Exchange
	err := r.Scan(&e.Operation, &e.ShipmentID, &e.At, &e.Text)
	e.At = e.At.UTC()
	return e, err
}

// ShipmentLabel answers one shipment's label; Data is nil without one.
func (s Batches) ShipmentLabel(ctx context.Context, id int64) (batches.Document, error) {
	d := batches.Document{ShipmentID: id}
	err := s.Pool.QueryRow(ctx, `SELECT label_type, label_content_type, label FROM shipment WHERE id = $1`, id).
		Scan(&d.LabelType, &d.ContentType, &d.Data)
	if errors.Is(err, pgx.ErrNoRows) {
		return batches.Document{}, batch.ErrShipmentNotFound
	}
	return d, err
}

// Hubs reads hubs for validation.
type Hubs struct{ Pool *pgxpool.Pool }

// HubCountry names a hub's country; a missing hub is in the default country DE.
func (h Hubs) HubCountry(ctx context.Context, hubID int64) (string, error) {
	var country string
	err := h.Pool.QueryRow(ctx, `SELECT country_code FROM hub WHERE id = $1`, hubID).Scan(&country)
	if errors.Is(err, pgx.ErrNoRows) {
		return "DE", nil
	}
	return country, err
}
