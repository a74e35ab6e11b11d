package postgres

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/app/webhooks"
	"parcelportal/core/webhook"
)

// Webhooks keeps the customers' webhook endpoints (their secrets sealed
// with Sealer), the events recorded for them and their deliveries: the
// outbox the worker posts from and each endpoint's delivery log.
type Webhooks struct {
	Pool   *pgxpool.Pool
	Sealer Sealer
}

const webhookEndpointColumns = "id, customer_id, url, description, events, enabled, failing_since, disabled_reason, created_at"

func scanWebhookEndpoint(row pgx.Row) (webhook.Endpoint, error) {
	var e webhook.Endpoint
	var events []string
	var failing *time.Time
	err := row.Scan(&e.ID, &e.CustomerID, &e.URL, &e.Description, &events, &e.Enabled, &failing, &e.DisabledReason, &e.CreatedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return webhook.Endpoint{}, webhook.ErrNotFound
	}
	for _, t := range events {
		e.Events = append(e.Events, webhook.EventType(t))
	}
	if failing != nil {
		e.FailingSince = *failing
	}
	return e, err
}

func eventStrings(ts []webhook.EventType) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = string(t)
	}
	return out
}

// List returns the customer's endpoints by id.
func (s Webhooks) List(ctx context.Context, customerID int64) ([]webhook.Endpoint, error) {
	return queryAll(ctx, s.Pool, scanWebhookEndpoint,
		"SELECT "+webhookEndpointColumns+" FROM webhook_endpoint WHERE customer_id = $1 ORDER BY id", customerID)
}

// Get returns the customer's endpoint.
func (s Webhooks) Get(ctx context.Context, customerID, id int64) (webhook.Endpoint, error) {
	return scanWebhookEndpoint(s.Pool.QueryRow(ctx,
		"SELECT "+webhookEndpointColumns+" FROM webhook_endpoint WHERE id = $1 AND customer_id = $2", id, customerID))
}

// Create stores an endpoint with its secret sealed to its row; an unknown
// customer is webhook.ErrNotFound.
func (s Webhooks) Create(ctx context.Context, e webhook.Endpoint) (webhook.Endpoint, error) {
	var out webhook.Endpoint
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		var err error
		out, err = scanWebhookEndpoint(tx.QueryRow(ctx, `
			INSERT INTO webhook_endpoint (customer_id, url, description, events, enabled)
			SELECT id, $2, $3, $4, true FROM customer WHERE id = $1
			RETURNING `+webhookEndpointColumns, e.CustomerID, e.URL, e.Description, eventStrings(e.Events)))
		if err != nil {
			return err
		}
		sealed, err := s.Sealer.Seal([]byte(e.Secret), sealPlace("webhook_endpoint", "secret_sealed", out.ID))
		if err != nil {
			return err
		}
		_, err = tx.Exec(ctx, "UPDATE webhook_endpoint SET secret_sealed = $2 WHERE id = $1", out.ID, sealed)
		return err
	})
	if err != nil {
		return webhook.Endpoint{}, err
	}
	out.Secret = e.Secret
	return out, nil
}

// SetEnabled enables (clearing the run of failures) or disables the
// customer's endpoint; disabling fails its pending deliveries.
func (s Webhooks) SetEnabled(ctx context.Context, customerID, id int64, enabled bool) error {
	return pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `
			UPDATE webhook_endpoint SET enabled = $3, disabled_reason = '',
				failing_since = CASE WHEN $3 THEN NULL ELSE failing_since END
			WHERE id = $1 AND customer_id = $2`, id, customerID, enabled)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return webhook.ErrNotFound
		}
		if !enabled {
			return failPending(ctx, tx, id)
		}
		return nil
	})
}

func failPending(ctx context.Context, tx pgx.Tx, endpointID int64) error {
	_, err := tx.Exec(ctx, `UPDATE webhook_delivery SET state = 'failed', next_try = NULL
		WHERE endpoint_id = $1 AND state = 'pending'`, endpointID)
	return err
}

// Delete removes the customer's endpoint and its deliveries.
func (s Webhooks) Delete(ctx context.Context, customerID, id int64) error {
	tag, err := s.Pool.Exec(ctx, "DELETE FROM webhook_endpoint WHERE id = $1 AND customer_id = $2", id, customerID)
	if err == nil && tag.RowsAffected() == 0 {
		return webhook.ErrNotFound
	}
	return err
}

const webhookDeliveryColumns = "d.id, d.endpoint_id, d.event_id, e.type, d.state, d.attempts, d.status, d.duration_ms, d.error, d.last_try, d.next_try, d.created_at"

func scanWebhookDelivery(row pgx.Row) (webhook.Delivery, error) {
	var d webhook.Delivery
	var ms int64
	var last, next *time.Time
	err := row.Scan(&d.ID, &d.EndpointID, &d.EventID, &d.EventType, &d.State, &d.Attempts, &d.Status, &ms, &d.Error, &last, &next, &d.CreatedAt)
	d.Duration = time.Duration(ms) * time.Millisecond
	if last != nil {
		d.LastTry = *last
	}
	if next != nil {
		d.NextTry = *next
	}
	return d, err
}

// Deliveries returns the newest deliveries of the customer's endpoint.
func (s Webhooks) Deliveries(ctx context.Context, customerID, endpointID int64, limit int) ([]webhook.Delivery, error) {
	return queryAll(ctx, s.Pool, scanWebhookDelivery, `
		SELECT `+webhookDeliveryColumns+`
		FROM webhook_delivery d JOIN webhook_event e ON e.id = d.event_id
		JOIN webhook_endpoint p ON p.id = d.endpoint_id
		WHERE d.endpoint_id = $1 AND p.customer_id = $2
		ORDER BY d.id DESC LIMIT $3`, endpointID, customerID, limit)
}

// Record stores the event once and a due delivery to each enabled endpoint
// of the event's own customer that subscribes to its type (or only to
// endpointID). The customer of the endpoints is the event's: no other
// customer's endpoint is ever joined.
func (s Webhooks) Record(ctx context.Context, ev webhook.Event, endpointID int64) ([]int64, error) {
	data := ev.Data
	if len(data) == 0 {
		data = []byte("{}")
	}
	var ids []int64
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `INSERT INTO webhook_event (id, customer_id, type, at, data)
			VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING`, ev.ID, ev.CustomerID, string(ev.Type), ev.At, []byte(data))
		if err != nil || tag.RowsAffected() == 0 {
			return err
		}
		rows, err := tx.Query(ctx, `
			INSERT INTO webhook_delivery (endpoint_id, event_id, next_try)
			SELECT p.id, $1, $4 FROM webhook_endpoint p
			WHERE p.customer_id = $2 AND p.enabled
				AND ($3 = 'webhook.test' OR $3 = ANY (p.events))
				AND ($5 = 0 OR p.id = $5)
			ORDER BY p.id
			RETURNING id`, ev.ID, ev.CustomerID, string(ev.Type), ev.At, endpointID)
		if err != nil {
			return err
		}
		ids, err = pgx.CollectRows(rows, pgx.RowTo[int64])
		return err
	})
	return ids, err
}

// Attempt returns a pending delivery with its endpoint (secret opened) and
// event.
func (s Webhooks) Attempt(ctx context.Context, deliveryID int64) (webhooks.Attempt, bool, error) {
	var a webhooks.Attempt
	var events []string
	var failing *time.Time
	var sealed []byte
	var last, next *time.Time
	var ms int64
	err := s.Pool.QueryRow(ctx, `
		SELECT d.id, d.endpoint_id, d.event_id, e.type, d.state, d.attempts, d.status, d.duration_ms, d.error, d.last_try, d.next_try, d.created_at,
			p.customer_id, p.url, p.description, p.events, p.enabled, p.failing_since, p.secret_sealed,
			e.customer_id, e.at, e.data
		FROM webhook_delivery d JOIN webhook_event e ON e.id = d.event_id
		JOIN webhook_endpoint p ON p.id = d.endpoint_id
		WHERE d.id = $1 AND d.state = 'pending' AND p.enabled AND p.customer_id = e.customer_id`, deliveryID).Scan(
		&a.Delivery.ID, &a.Delivery.EndpointID, &a.Delivery.EventID, &a.Delivery.EventType, &a.Delivery.State, &a.Delivery.Attempts,
		&a.Delivery.Status, &ms, &a.Delivery.Error, &last, &next, &a.Delivery.CreatedAt,
		&a.Endpoint.CustomerID, &a.Endpoint.URL, &a.Endpoint.Description, &events, &a.Endpoint.Enabled, &failing, &sealed,
		&a.Event.CustomerID, &a.Event.At, &a.Event.Data)
	if errors.Is(err, pgx.ErrNoRows) {
		return webhooks.Attempt{}, false, nil
	}
	if err != nil {
		return webhooks.Attempt{}, false, err
	}
	a.Delivery.Duration = time.Duration(ms) * time.Millisecond
	if last != nil {
		a.Delivery.LastTry = *last
	}
	if next != nil {
		a.Delivery.NextTry = *next
	}
	if failing != nil {
		a.Endpoint.FailingSince = *failing
	}
	a.Endpoint.ID = a.Delivery.EndpointID
	for _, t := range events {
		a.Endpoint.Events = append(a.Endpoint.Events, webhook.EventType(t))
	}
	a.Event.ID, a.Event.Type = a.Delivery.EventID, a.Delivery.EventType
	secret, _, err := s.Sealer.Open(sealed, sealPlace("webhook_endpoint", "secret_sealed", a.Endpoint.ID))
	if err != nil {
		return webhooks.Attempt{}, false, err
	}
	a.Endpoint.Secret = string(secret)
	return a, true, nil
}

// Finish stores an attempt's result, only while the delivery is still
// pending (a second run of the same try changes nothing), and the
// endpoint's run of failures.
func (s Webhooks) Finish(ctx context.Context, d webhook.Delivery) (time.Time, error) {
	var failing *time.Time
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		var next, last *time.Time
		if !d.NextTry.IsZero() {
			next = &d.NextTry
		}
		if !d.LastTry.IsZero() {
			last = &d.LastTry
		}
		tag, err := tx.Exec(ctx, `UPDATE webhook_delivery SET state = $2, attempts = $3, status = $4, duration_ms = $5,
			error = $6, last_try = $7, next_try = $8 WHERE id = $1 AND state = 'pending'`,
			d.ID, string(d.State), d.Attempts, d.Status, d.Duration.Milliseconds(), d.Error, last, next)
		if err != nil || tag.RowsAffected() == 0 {
			return err
		}
		if d.State == webhook.Delivered {
			_, err = tx.Exec(ctx, "UPDATE webhook_endpoint SET failing_since = NULL WHERE id = $1", d.EndpointID)
			return err
		}
		return tx.QueryRow(ctx, `UPDATE webhook_endpoint SET failing_since = coalesce(failing_since, $2)
			WHERE id = $1 RETURNING failing_since`, d.EndpointID, last).Scan(&failing)
	})
	if err != nil || failing == nil {
		return time.Time{}, err
	}
	return *failing, nil
}

// Disable disables an endpoint that fails for too long and fails its
// pending deliveries.
func (s Webhooks) Disable(ctx context.Context, endpointID int64, reason string) error {
	return pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "UPDATE webhook_endpoint SET enabled = false, disabled_reason = $2 WHERE id = $1", endpointID, reason); err != nil {
			return err
		}
		return failPending(ctx, tx, endpointID)
	})
}

// Due returns pending deliveries whose next try is at or before now.
func (s Webhooks) Due(ctx context.Context, now time.Time, limit int) ([]int64, error) {
	rows, err := s.Pool.Query(ctx, `SELECT id FROM webhook_delivery WHERE state = 'pending' AND next_try <= $1
		ORDER BY next_try, id LIMIT $2`, now, limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}

var (
	_ webhooks.Store  = Webhooks{}
	_ webhooks.Outbox = Webhooks{}
)

// CustomerIdentities returns the identity ids of the logins linked to the
// customer, for the mails about its webhooks.
func (s Webhooks) CustomerIdentities(ctx context.Context, customerID int64) ([]string, error) {
	rows, err := s.Pool.Query(ctx, `SELECT identity_id::text FROM user_data
		WHERE customer_id = $1 AND identity_id IS NOT NULL ORDER BY id`, customerID)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// batchEvents derives the batch events from the batch table: the event id
// is made of the batch id and what happened, so each is recorded once
// however often the sweep runs, and only for endpoints that existed when
// it happened (a new endpoint does not get the customer's history). Only
// the last week is looked at.
var batchEvents = []struct{ typ, id, at, where string }{
	{string(webhook.BatchSent), "'evt_batch_' || b.id || '_sent'", "b.sent_at",
		"b.sent_at IS NOT NULL AND b.status NOT IN ('ERROR_SEND', 'DELETED', 'DELETING')"},
	{string(webhook.BatchFailed), "'evt_batch_' || b.id || '_failed'", "b.created_at",
		"b.status = 'ERROR_SEND'"},
	{string(webhook.ManifestCreated), "'evt_batch_' || b.id || '_manifest'", "b.manifest_created_at",
		"b.manifest_created_at IS NOT NULL"},
}

// RecordChanges records the events of batch changes committed since the
// last sweep (batch sent, batch failed, manifest created) with their
// deliveries, in one statement per type, then those of the labels noted
// cancelled, and returns the new deliveries.
// The batch table is the outbox of these events: they are recorded from
// what was committed, never lost by a crash between the change and the
// enqueue, and never recorded for a change that was rolled back.
func (s Webhooks) RecordChanges(ctx context.Context, now time.Time) ([]int64, error) {
	var all []int64
	for _, e := range batchEvents {
		// The fragments are the constants above.
		rows, err := s.Pool.Query(ctx, `
			WITH ev AS (
				INSERT INTO webhook_event (id, customer_id, type, at, data)
				SELECT `+e.id+`, b.customer_id, $1, coalesce(`+e.at+`, $2),
					jsonb_build_object('batchId', b.id::text, 'status', b.status, 'fileName', b.csv_file_name)
				FROM batch b
				WHERE `+e.where+` AND coalesce(`+e.at+`, $2) > $2 - interval '7 days'
					AND EXISTS (SELECT 1 FROM webhook_endpoint p WHERE p.customer_id = b.customer_id AND p.enabled
						AND $1 = ANY (p.events) AND p.created_at <= coalesce(`+e.at+`, $2))
				ON CONFLICT (id) DO NOTHING
				RETURNING id, customer_id, at)
			INSERT INTO webhook_delivery (endpoint_id, event_id, next_try)
			SELECT p.id, ev.id, $2 FROM ev JOIN webhook_endpoint p ON p.customer_id = ev.customer_id
				AND p.enabled AND $1 = ANY (p.events) AND p.created_at <= ev.at
			RETURNING id`, e.typ, now)
		if err != nil {
			return all, err
		}
		ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
		if err != nil {
			return all, err
		}
		all = append(all, ids...)
	}
	ids, err := s.recordLabelCancellations(ctx, now)
	return append(all, ids...), err
}

// labelCancellationsPerSweep bounds the cancelled labels one sweep takes;
// the next sweep takes the rest.
const labelCancellationsPerSweep = 1000

// recordLabelCancellations takes the cancelled labels noted in
// label_cancellation (by the batch work, in the transaction that cancelled
// or deleted the shipment or replaced its label) and records their
// label.cancelled events with their deliveries, in one statement: a
// noted label is taken once (deleted as it is recorded, skipped by a
// concurrent sweep), under the id of its note. Only endpoints of the
// label's customer that existed when it was cancelled get it; a label of a
// customer without such an endpoint is taken and records nothing.
func (s Webhooks) recordLabelCancellations(ctx context.Context, now time.Time) ([]int64, error) {
	rows, err := s.Pool.Query(ctx, `
		WITH l AS (
			DELETE FROM label_cancellation WHERE id IN (
				SELECT id FROM label_cancellation ORDER BY id LIMIT $3 FOR UPDATE SKIP LOCKED)
			RETURNING id, shipment_id, customer_id, batch_id, parcel_id, reference, identifier, reason, at),
		ev AS (
			INSERT INTO webhook_event (id, customer_id, type, at, data)
			SELECT 'evt_label_' || l.id || '_cancelled', l.customer_id, $1, l.at,
				jsonb_build_object('shipmentId', l.shipment_id::text, 'parcelId', l.parcel_id::text,
					'batchId', l.batch_id::text, 'reference', l.reference, 'trackingNumber', l.identifier,
					'reason', l.reason)
			FROM l
			WHERE EXISTS (SELECT 1 FROM webhook_endpoint p WHERE p.customer_id = l.customer_id AND p.enabled
				AND $1 = ANY (p.events) AND p.created_at <= l.at)
			ON CONFLICT (id) DO NOTHING
			RETURNING id, customer_id, at)
		INSERT INTO webhook_delivery (endpoint_id, event_id, next_try)
		SELECT p.id, ev.id, $2 FROM ev JOIN webhook_endpoint p ON p.customer_id = ev.customer_id
			AND p.enabled AND $1 = ANY (p.events) AND p.created_at <= ev.at
		RETURNING id`, string(webhook.LabelCancelled), now, labelCancellationsPerSweep)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}
