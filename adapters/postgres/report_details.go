package postgres

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"parcelportal/app/batches"
	"parcelportal/core/batch"
	"parcelportal/core/shipment"
)

// Entered answers the validated row a shipment was made from; a shipment
// without one answers an empty row.
func (s Reports) Entered(ctx context.Context, shipmentID int64) (shipment.Validated, error) {
	var fields, lines *string
	var valid *bool
	err := s.Pool.QueryRow(ctx, `SELECT v.fields::text, v.order_lines::text, v.valid
		FROM shipment s LEFT JOIN validated_shipment v ON v.id = s.validated_shipment_id WHERE s.id = $1`, shipmentID).
		Scan(&fields, &lines, &valid)
	if errors.Is(err, pgx.ErrNoRows) {
		return shipment.Validated{}, batch.ErrShipmentNotFound
	}
	if err != nil || fields == nil {
		return shipment.Validated{}, err
	}
	orderLines := []byte("[]")
	if lines != nil {
		orderLines = []byte(*lines)
	}
	return parseRow([]byte(*fields), orderLines, valid != nil && *valid)
}

// Exchanges answers the requests or responses exchanged for a shipment, in
// order.
func (s Reports) Exchanges(ctx context.Context, shipmentID int64, responses bool) ([]batches.Exchange, error) {
	column := "request"
	if responses {
		column = "response"
	}
	rows, err := s.Pool.Query(ctx, `SELECT operation, shipment_id, at, `+column+` FROM carrier_exchange
		WHERE shipment_id = $1 ORDER BY id`, shipmentID)
	if err != nil {
		return nil, err
	}
	out, err := pgx.CollectRows(rows, scanExchange)
	if out == nil {
		out = []batches.Exchange{}
	}
	return out, err
}
