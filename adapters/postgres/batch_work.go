package postgres

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/app/batchjob"
	"parcelportal/core/batch"
	"parcelportal/core/carrier"
	"parcelportal/core/shipment"
)

// BatchWork serves the job runner's ports (batchjob.Ports) over the batch
// tables: its view of what is still to do. Every write after a carrier call
// is one statement, so a label is recorded together with its exchanges and the
// batch's progress, or not at all.
type BatchWork struct{ Pool *pgxpool.Pool }

var _ = batchjob.PortsOf(BatchWork{})

// lockKey is the advisory lock of a batch's job; it names the schema, so
// tests in parallel schemas of one database do not share locks.
const lockKey = `hashtext(current_schema() || ':batchjob'), $1::int`

// Lock takes a session advisory lock on a connection of its own, outside
// the pool (jobs holding locks must not starve their own queries of pool
// connections), and holds it until release. A worker that dies loses the
// connection, and PostgreSQL drops the lock with it: the batch can be
// resumed at once.
func (w BatchWork) Lock(ctx context.Context, batchID int64) (func(), error) {
	conn, err := pgx.ConnectConfig(ctx, w.Pool.Config().ConnConfig.Copy())
	if err != nil {
		return nil, err
	}
	closeConn := func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = conn.Close(ctx)
	}
	var ok bool
	if err := conn.QueryRow(ctx, `SELECT pg_try_advisory_lock(`+lockKey+`)`, batchID).Scan(&ok); err != nil {
		closeConn()
		return nil, err
	}
	if !ok {
		closeConn()
		return nil, batchjob.ErrBusy
	}
	return func() {
		// Unlock first: closing the session ends the lock too, but only
		// once the server has noticed, a moment later.
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_, _ = conn.Exec(ctx, `SELECT pg_advisory_unlock(`+lockKey+`)`, batchID)
		closeConn()
	}, nil
}

const workBatchColumns = `b.id, b.customer_id, b.status, b.label_type, b.job_filter,
	b.job_prepared <> '' AND b.job_prepared = b.status, h.country_code,
	(SELECT count(*) FROM carrier_exchange e WHERE e.batch_id = b.id AND e.operation = 'createManifest')`

const workBatchFrom = ` FROM batch b JOIN customer c ON c.id = b.customer_id JOIN hub h ON h.id = c.hub_id`

func scanWorkBatch(row pgx.Row) (batchjob.Batch, error) {
	var b batchjob.Batch
	var status, filter string
	if err := row.Scan(&b.ID, &b.CustomerID, &status, &b.LabelType, &filter, &b.Prepared, &b.HubCountry, &b.Manifests); err != nil {
		return batchjob.Batch{}, err
	}
	b.Status, b.Filter = batch.Status(status), batch.Filter(filter)
	return b, nil
}

// Batch reads what a job needs of the batch.
func (w BatchWork) Batch(ctx context.Context, batchID int64) (batchjob.Batch, error) {
	b, err := scanWorkBatch(w.Pool.QueryRow(ctx, `SELECT `+workBatchColumns+workBatchFrom+` WHERE b.id = $1`, batchID))
	if errors.Is(err, pgx.ErrNoRows) {
		return batchjob.Batch{}, batch.ErrNotFound
	}
	return b, err
}

// Status reads the batch's status.
func (w BatchWork) Status(ctx context.Context, batchID int64) (batch.Status, error) {
	var s string
	err := w.Pool.QueryRow(ctx, `SELECT status FROM batch WHERE id = $1`, batchID).Scan(&s)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", batch.ErrNotFound
	}
	return batch.Status(s), err
}

// shipmentSummary fills the list columns of a shipment from its row's fields.
const shipmentSummary = `reference_number = coalesce(v.fields->'referencenumber'->>'value', ''),
	receiver_name = coalesce(v.fields->'name'->>'value', ''),
	product = coalesce(v.fields->'product'->>'value', ''),
	service = coalesce(v.fields->'service'->>'value', ''),
	destination = coalesce(v.fields->'isoCountry'->>'value', ''),
	retoure = coalesce(v.fields->'returnOptions'->>'value', '') <> ''`

// referenceOf is batchjob.Reference in SQL; the contract test holds them together.
func referenceOf(batchID, position, attempt string) string {
	return "format('b%s-r%s-a%s', " + batchID + ", " + position + ", " + attempt + ")"
}

// insertMissing creates a PENDING shipment for every valid row of the batch
// without one, continuing the row's attempts.
var insertMissing = `
	WITH rows AS (
		UPDATE validated_shipment v SET attempts = v.attempts + 1
		WHERE v.batch_id = $1 AND v.valid AND NOT EXISTS (SELECT 1 FROM shipment s WHERE s.validated_shipment_id = v.id)
		RETURNING v.*)
	INSERT INTO shipment (batch_id, validated_shipment_id, customer_id, position, attempt, reference, state,
		reference_number, receiver_name, product, service, destination, api_client, retoure)
	SELECT v.batch_id, v.id, b.customer_id, v.position, v.attempts, ` + referenceOf("v.batch_id", "v.position", "v.attempts") + `, 'PENDING',
		coalesce(v.fields->'referencenumber'->>'value', ''), coalesce(v.fields->'name'->>'value', ''),
		coalesce(v.fields->'product'->>'value', ''), coalesce(v.fields->'service'->>'value', ''),
		coalesce(v.fields->'isoCountry'->>'value', ''), c.api_client, coalesce(v.fields->'returnOptions'->>'value', '') <> ''
	FROM rows v JOIN batch b ON b.id = v.batch_id JOIN customer c ON c.id = b.customer_id
	ORDER BY v.position`

// prepared records the job's size and that it chose its shipments.
const prepared = `
	UPDATE batch SET job_prepared = status, processed_shipments = 0,
		total_shipments = (SELECT count(*) FROM shipment WHERE batch_id = $1 AND state IN ('PENDING', 'SUBMITTING'))
	WHERE id = $1`

// lockBatch holds the batch row for the transaction; the batch use cases
// take the same lock when they change the batch.
func lockBatch(ctx context.Context, tx pgx.Tx, batchID int64) error {
	var id int64
	err := tx.QueryRow(ctx, `SELECT id FROM batch WHERE id = $1 FOR UPDATE`, batchID).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return batch.ErrNotFound
	}
	return err
}

// PrepareSend creates the shipments of the batch's valid rows.
func (w BatchWork) PrepareSend(ctx context.Context, batchID int64) error {
	return pgx.BeginFunc(ctx, w.Pool, func(tx pgx.Tx) error {
		if err := lockBatch(ctx, tx, batchID); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, insertMissing, batchID); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, prepared, batchID)
		return err
	})
}

// filterWhere selects shipments s (joined with their rows v) by filter.
func filterWhere(f batch.Filter) string {
	switch f {
	case batch.FilterChanged:
		return `coalesce(v.changed, false)`
	case batch.FilterError:
		return `NOT s.success AND s.error_message <> ''`
	}
	return `true`
}

// again moves the selected shipments to their next attempt.
func again(where string) string {
	return `
	WITH moved AS (
		UPDATE shipment s SET attempt = s.attempt + 1, reference = ` + referenceOf("s.batch_id", "s.position", "s.attempt + 1") + `,
			state = 'PENDING', success = false, error_message = '', error_params = '{}',
			identifier = CASE WHEN s.state = 'CANCELLED' THEN '' ELSE s.identifier END,
			` + shipmentSummary + `
		FROM validated_shipment v
		WHERE v.id = s.validated_shipment_id AND v.valid AND ` + where + `
		RETURNING s.validated_shipment_id, s.attempt)
	UPDATE validated_shipment v SET changed = false, attempts = greatest(v.attempts, moved.attempt)
	FROM moved WHERE v.id = moved.validated_shipment_id`
}

// PrepareResend moves the filter's shipments of valid rows to a new attempt.
func (w BatchWork) PrepareResend(ctx context.Context, batchID int64, f batch.Filter) error {
	return pgx.BeginFunc(ctx, w.Pool, func(tx pgx.Tx) error {
		if err := lockBatch(ctx, tx, batchID); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, again(`s.batch_id = $1 AND `+filterWhere(f)), batchID); err != nil {
			return err
		}
		if f == batch.FilterAll {
			if _, err := tx.Exec(ctx, insertMissing, batchID); err != nil {
				return err
			}
		}
		_, err := tx.Exec(ctx, prepared, batchID)
		return err
	})
}

// Begin records the size of a cancel, delete or manifest.
func (w BatchWork) Begin(ctx context.Context, batchID int64, total int) error {
	tag, err := w.Pool.Exec(ctx, `UPDATE batch SET job_prepared = status, processed_shipments = 0, total_shipments = $2 WHERE id = $1`, batchID, total)
	if err == nil && tag.RowsAffected() == 0 {
		return batch.ErrNotFound
	}
	return err
}

// PrepareOne moves one finished shipment of a valid row to a new attempt.
func (w BatchWork) PrepareOne(ctx context.Context, batchID, shipmentID int64) (batchjob.Shipment, bool, error) {
	var (
		s     batchjob.Shipment
		found bool
	)
	err := pgx.BeginFunc(ctx, w.Pool, func(tx pgx.Tx) error {
		if err := lockBatch(ctx, tx, batchID); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, again(`s.id = $1 AND s.batch_id = $2 AND s.state NOT IN ('PENDING', 'SUBMITTING')`), shipmentID, batchID); err != nil {
			return err
		}
		list, err := workShipments(ctx, tx, `s.id = $1 AND s.batch_id = $2 AND v.valid`, shipmentID, batchID)
		if len(list) == 1 {
			s, found = list[0], true
		}
		return err
	})
	return s, found, err
}

const workShipmentSelect = `SELECT s.id, s.batch_id, s.position, s.attempt, s.reference, s.state, s.success, s.identifier,
	coalesce(v.fields, '{}'), coalesce(v.order_lines, '[]'), coalesce(v.valid, false)
	FROM shipment s LEFT JOIN validated_shipment v ON v.id = s.validated_shipment_id WHERE `

func workShipments(ctx context.Context, q querier, where string, args ...any) ([]batchjob.Shipment, error) {
	return queryAll(ctx, q, scanWorkShipment, workShipmentSelect+where+` ORDER BY s.position, s.id`, args...)
}

func scanWorkShipment(r pgx.Row) (batchjob.Shipment, error) {
	var (
		s                     batchjob.Shipment
		id                    int64
		attempt               int
		reference, identifier string
		state                 string
		fields, lines         []byte
		valid                 bool
	)
	if err := r.Scan(&id, &s.BatchID, &s.Position, &attempt, &reference, &state, &s.Success, &identifier, &fields, &lines, &valid); err != nil {
		return s, err
	}
	v, err := decodeRow(fields, lines, valid)
	if err != nil {
		return s, err
	}
	s.Shipment, err = shipment.Restore(id, attempt, reference, shipment.Status(state), identifier, v.Draft())
	return s, err
}

// Open lists the PENDING and SUBMITTING shipments.
func (w BatchWork) Open(ctx context.Context, batchID int64) ([]batchjob.Shipment, error) {
	return workShipments(ctx, w.Pool, `s.batch_id = $1 AND s.state IN ('PENDING', 'SUBMITTING')`, batchID)
}

// Selected lists the shipments the filter selects.
func (w BatchWork) Selected(ctx context.Context, batchID int64, f batch.Filter) ([]batchjob.Shipment, error) {
	return workShipments(ctx, w.Pool, `s.batch_id = $1 AND `+filterWhere(f), batchID)
}

// Get reads one shipment of the batch.
func (w BatchWork) Get(ctx context.Context, batchID, shipmentID int64) (batchjob.Shipment, bool, error) {
	list, err := workShipments(ctx, w.Pool, `s.id = $1 AND s.batch_id = $2`, shipmentID, batchID)
	if err != nil || len(list) == 0 {
		return batchjob.Shipment{}, false, err
	}
	return list[0], true, nil
}

// Submitting marks a PENDING shipment SUBMITTING.
func (w BatchWork) Submitting(ctx context.Context, shipmentID int64) error {
	_, err := w.Pool.Exec(ctx, `UPDATE shipment SET state = 'SUBMITTING' WHERE id = $1 AND state = 'PENDING'`, shipmentID)
	return err
}

// exchangeArgs spreads exchanges into arrays for unnest.
func exchangeArgs(ex []batchjob.Exchange) (ops, requests, responses []string) {
	for _, e := range ex {
		ops, requests, responses = append(ops, e.Operation), append(requests, e.Request), append(responses, e.Response)
	}
	return ops, requests, responses
}

// logged inserts the exchanges given as the arrays $2, $3 and $4 (see
// exchangeArgs) for the row "s" of a CTE (its batch_id), in their order.
func logged(shipment, at string) string {
	return `INSERT INTO carrier_exchange (batch_id, shipment_id, operation, request, response, at)
		SELECT s.batch_id, ` + shipment + `, x.op, x.req, x.resp, ` + at + `
		FROM s, unnest($2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS x(op, req, resp, n)
		ORDER BY x.n`
}

// counted counts the shipment as processed when the batch's job is prepared
// for its current status.
const counted = `UPDATE batch b SET processed_shipments = b.processed_shipments + 1
	FROM s WHERE b.id = s.batch_id AND b.job_prepared <> '' AND b.job_prepared = b.status`

// Voided clears an earlier attempt's label and notes it cancelled
// (replaced) for the webhooks.
func (w BatchWork) Voided(ctx context.Context, shipmentID int64, ex []batchjob.Exchange) error {
	ops, reqs, resps := exchangeArgs(ex)
	_, err := w.Pool.Exec(ctx, `
		WITH s AS (UPDATE shipment n SET identifier = '', label = NULL, label_content_type = '', customs_doc = NULL
			FROM (SELECT id, identifier FROM shipment WHERE id = $1 FOR UPDATE) o
			WHERE n.id = o.id
			RETURNING n.id, n.batch_id, n.customer_id, n.validated_shipment_id, n.reference, o.identifier),
		c AS (`+labelCancelled("replaced", "now()")+`)
		`+logged("s.id", "now()"), shipmentID, ops, reqs, resps)
	return err
}

// labelCancelled notes the label of the row "s" of a CTE (id, batch_id,
// customer_id, validated_shipment_id, reference, identifier) cancelled at
// the carrier, for the webhooks' label.cancelled (the sweep takes it from
// label_cancellation); a row without a label notes nothing, a label noted
// before nothing again. A single parcel's row names its parcel.
func labelCancelled(reason, at string) string {
	return `INSERT INTO label_cancellation (shipment_id, customer_id, batch_id, parcel_id, reference, identifier, reason, at)
		SELECT s.id, s.customer_id, s.batch_id,
			(SELECT v.id FROM validated_shipment v WHERE v.id = s.validated_shipment_id AND v.source <> 'BATCH'),
			s.reference, s.identifier, '` + reason + `', ` + at + `
		FROM s WHERE s.identifier <> ''
		ON CONFLICT (shipment_id, identifier) DO NOTHING`
}

// Finish writes an outcome with its exchanges and counts it.
func (w BatchWork) Finish(ctx context.Context, o batchjob.Outcome) error {
	ops, reqs, resps := exchangeArgs(o.Exchanges)
	var set, noted string
	args := []any{o.ShipmentID, ops, reqs, resps, o.At}
	switch o.State {
	case shipment.Done:
		l := o.Label
		set = `state = 'DONE', success = true, error_message = '', error_params = '{}', identifier = $6, label = $7, label_content_type = $8,
			label_type = $9, customs_doc = $10, soap_request = $11, soap_response = $12, submitted_at = $5`
		args = append(args, l.Identifier, l.Label, l.ContentType, o.LabelType, nilIfEmpty(l.CustomsDoc), o.Traffic.Request, o.Traffic.Response)
	case shipment.Failed:
		set = `state = 'FAILED', success = false, error_message = $6, error_params = $7, soap_request = $8, soap_response = $9`
		args = append(args, o.ErrorMessage, paramsJSON(o.ErrorParams), o.Traffic.Request, o.Traffic.Response)
	case shipment.Cancelled:
		set = `state = 'CANCELLED', error_message = '', error_params = '{}'`
		// The label it held is noted cancelled for the webhooks.
		noted = `, c AS (` + labelCancelled("cancelled", "$5::timestamptz") + `)`
	default:
		return errors.New("postgres: a shipment finishes DONE, FAILED or CANCELLED, not " + string(o.State))
	}
	_, err := w.Pool.Exec(ctx, `
		WITH s AS (UPDATE shipment SET `+set+` WHERE id = $1
			RETURNING id, batch_id, customer_id, validated_shipment_id, reference, identifier),
		e AS (`+logged("s.id", "$5::timestamptz")+`)`+noted+`
		`+counted, args...)
	return err
}

func nilIfEmpty(b []byte) []byte {
	if len(b) == 0 {
		return nil
	}
	return b
}

// Unfinished notes why a shipment stays as it is.
func (w BatchWork) Unfinished(ctx context.Context, o batchjob.Outcome) error {
	ops, reqs, resps := exchangeArgs(o.Exchanges)
	_, err := w.Pool.Exec(ctx, `
		WITH s AS (UPDATE shipment SET error_message = $6, error_params = $7 WHERE id = $1 RETURNING id, batch_id),
		e AS (`+logged("s.id", "$5::timestamptz")+`)
		`+counted, o.ShipmentID, ops, reqs, resps, o.At, o.ErrorMessage, paramsJSON(o.ErrorParams))
	return err
}

// Remove deletes a shipment and clears its row's changed flag (nothing is
// left to send again for it); its exchanges stay with the batch. The label
// it held, voided before, is noted cancelled for the webhooks.
func (w BatchWork) Remove(ctx context.Context, batchID, shipmentID int64, ex []batchjob.Exchange) error {
	ops, reqs, resps := exchangeArgs(ex)
	return pgx.BeginFunc(ctx, w.Pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `UPDATE carrier_exchange SET shipment_id = NULL WHERE shipment_id = $1`, shipmentID); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `
			WITH s AS (DELETE FROM shipment WHERE id = $1 AND batch_id = $5
				RETURNING id, batch_id, customer_id, validated_shipment_id, reference, identifier),
			e AS (`+logged("NULL::bigint", "now()")+`),
			c AS (`+labelCancelled("cancelled", "now()")+`),
			r AS (UPDATE validated_shipment v SET changed = false FROM s WHERE v.id = s.validated_shipment_id)
			`+counted, shipmentID, ops, reqs, resps, batchID)
		return err
	})
}

// Labelled lists the identifiers of DONE shipments.
func (w BatchWork) Labelled(ctx context.Context, batchID int64) ([]string, error) {
	rows, err := w.Pool.Query(ctx, `SELECT identifier FROM shipment WHERE batch_id = $1 AND state = 'DONE' AND identifier <> '' ORDER BY position, id`, batchID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// SaveManifest keeps the manifest on the batch.
func (w BatchWork) SaveManifest(ctx context.Context, batchID int64, m carrier.Manifest, at time.Time) error {
	_, err := w.Pool.Exec(ctx, `UPDATE batch SET manifest = $2, manifest_number = $3, manifest_created_at = $4,
		processed_shipments = total_shipments WHERE id = $1`, batchID, m.Document, m.Number, at)
	return err
}

// Log keeps exchanges of the batch.
func (w BatchWork) Log(ctx context.Context, batchID int64, ex []batchjob.Exchange) error {
	if len(ex) == 0 {
		return nil
	}
	ops, reqs, resps := exchangeArgs(ex)
	_, err := w.Pool.Exec(ctx, `WITH s AS (SELECT $1::bigint AS batch_id) `+logged("NULL::bigint", "now()"), batchID, ops, reqs, resps)
	return err
}

// Succeeded counts DONE shipments.
func (w BatchWork) Succeeded(ctx context.Context, batchID int64) (int, error) {
	var n int
	err := w.Pool.QueryRow(ctx, `SELECT count(*) FROM shipment WHERE batch_id = $1 AND state = 'DONE'`, batchID).Scan(&n)
	return n, err
}

// Settle moves the batch on if it is still in from.
func (w BatchWork) Settle(ctx context.Context, batchID int64, from, to batch.Status, message string, params map[string]string) (bool, error) {
	tag, err := w.Pool.Exec(ctx, `UPDATE batch SET status = $3, error_message = $4, error_params = $5, job_prepared = '' WHERE id = $1 AND status = $2`,
		batchID, string(from), string(to), message, paramsJSON(params))
	return tag.RowsAffected() == 1, err
}

// jobStatuses are the statuses in which a job works on a batch.
var jobStatuses = []string{
	string(batch.Sending), string(batch.Cancelling), string(batch.Resending), string(batch.ResendingChange),
	string(batch.ResendingError), string(batch.Deleting), string(batch.CreatingManifest),
}

// Idle lists batches in a job's status whose lock nobody holds; it tries
// each lock and lets go of it at once.
func (w BatchWork) Idle(ctx context.Context) ([]batchjob.Batch, error) {
	conn, err := w.Pool.Acquire(ctx)
	if err != nil {
		return nil, err
	}
	defer conn.Release()
	rows, err := conn.Query(ctx, `SELECT `+workBatchColumns+workBatchFrom+` WHERE b.status = ANY($1) ORDER BY b.id`, jobStatuses)
	if err != nil {
		return nil, err
	}
	busy, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (batchjob.Batch, error) { return scanWorkBatch(r) })
	if err != nil {
		return nil, err
	}
	var idle []batchjob.Batch
	for _, b := range busy {
		var free bool
		if err := conn.QueryRow(ctx, `SELECT pg_try_advisory_lock(`+lockKey+`)`, b.ID).Scan(&free); err != nil {
			return nil, err
		}
		if !free {
			continue
		}
		if _, err := conn.Exec(ctx, `SELECT pg_advisory_unlock(`+lockKey+`)`, b.ID); err != nil {
			conn.Conn().Close(ctx)
			return nil, err
		}
		idle = append(idle, b)
	}
	return idle, nil
}
