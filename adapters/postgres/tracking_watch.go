package postgres

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/app/webhooks"
	"parcelportal/core/webhook"
)

// TrackingWatch keeps the labels whose tracking the webhook poll follows
// (tracking_watch) and records the tracking.event events it learns.
type TrackingWatch struct {
	Pool *pgxpool.Pool
}

var _ webhooks.TrackingWatch = TrackingWatch{}

// enrolPerCustomer bounds the labels of one customer a claim starts to
// follow; the next claim goes on from there.
const enrolPerCustomer = 1000

// enrolSlack is how far before the newest label followed enrolling looks
// again: a label whose transaction committed after a later one's.
const enrolSlack = 10 * time.Minute

// subscribedCustomers are the customers with an enabled endpoint
// subscribed to tracking.event: the only ones whose labels are followed.
const subscribedCustomers = `SELECT DISTINCT customer_id FROM webhook_endpoint WHERE enabled AND 'tracking.event' = ANY (events)`

// Claim forgets labels past the window, follows the subscribed customers'
// new labels (from the newest followed, less enrolSlack, or the window's
// start; at most enrolPerCustomer each), and takes the labels due, each
// customer's through its index, marking them asked. Nothing reads the
// shipments or labels of customers that do not subscribe.
func (w TrackingWatch) Claim(ctx context.Context, now time.Time, window, every time.Duration, limit int) ([]webhook.TrackedLabel, error) {
	from := now.Add(-window)
	var out []webhook.TrackedLabel
	err := pgx.BeginFunc(ctx, w.Pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `DELETE FROM tracking_watch WHERE labelled_at < $1`, from); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, subscribedCustomers)
		if err != nil {
			return err
		}
		customers, err := pgx.CollectRows(rows, pgx.RowTo[int64])
		if err != nil || len(customers) == 0 {
			return err
		}
		if _, err := tx.Exec(ctx, `
			INSERT INTO tracking_watch (shipment_id, identifier, customer_id, labelled_at)
			SELECT n.id, n.identifier, c.id, n.submitted_at
			FROM unnest($1::bigint[]) c(id)
			CROSS JOIN LATERAL (SELECT max(labelled_at) AS newest FROM tracking_watch w WHERE w.customer_id = c.id) f
			CROSS JOIN LATERAL (
				SELECT s.id, s.identifier, s.submitted_at FROM shipment s
				WHERE s.customer_id = c.id AND s.state = 'DONE' AND s.identifier <> ''
					AND s.submitted_at >= greatest($2::timestamptz, coalesce(f.newest - $3::interval, $2::timestamptz))
					AND NOT EXISTS (SELECT 1 FROM tracking_watch w WHERE w.shipment_id = s.id AND w.identifier = s.identifier)
				ORDER BY s.submitted_at LIMIT $4) n
			ON CONFLICT DO NOTHING`, customers, from, enrolSlack, enrolPerCustomer); err != nil {
			return err
		}
		rows, err = tx.Query(ctx, `
			WITH pick AS (
				SELECT d.shipment_id, d.identifier, d.checked_at FROM unnest($1::bigint[]) c(id)
				CROSS JOIN LATERAL (
					SELECT t.shipment_id, t.identifier, t.checked_at FROM tracking_watch t
					WHERE t.customer_id = c.id AND t.done_at IS NULL AND (t.checked_at IS NULL OR t.checked_at <= $3)
					ORDER BY t.checked_at NULLS FIRST, t.shipment_id
					LIMIT $4 FOR UPDATE SKIP LOCKED) d
				ORDER BY d.checked_at NULLS FIRST, d.shipment_id LIMIT $4),
			asked AS (
				UPDATE tracking_watch t SET checked_at = $2,
					done_at = CASE WHEN s.state = 'DONE' AND s.identifier = t.identifier THEN NULL ELSE $2::timestamptz END
				FROM pick JOIN shipment s ON s.id = pick.shipment_id
				WHERE t.shipment_id = pick.shipment_id AND t.identifier = pick.identifier
				RETURNING t.shipment_id, t.customer_id, t.identifier, t.labelled_at, t.seen, t.done_at IS NULL AS live,
					coalesce(s.batch_id, 0) AS batch_id, s.validated_shipment_id, s.reference, s.product)
			SELECT a.shipment_id, a.customer_id, a.batch_id, coalesce(v.id, 0), a.reference, a.identifier, a.labelled_at, a.product, a.seen
			FROM asked a LEFT JOIN validated_shipment v ON v.id = a.validated_shipment_id AND v.source <> 'BATCH'
			WHERE a.live
			ORDER BY a.shipment_id`, customers, now, now.Add(-every), limit)
		if err != nil {
			return err
		}
		out, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (webhook.TrackedLabel, error) {
			var l webhook.TrackedLabel
			err := r.Scan(&l.ShipmentID, &l.CustomerID, &l.BatchID, &l.ParcelID, &l.Reference, &l.Identifier, &l.LabelledAt, &l.Product, &l.Seen)
			return l, err
		})
		return err
	})
	return out, err
}

// Saw records the events with their deliveries, only to the label's own
// customer's endpoints that subscribe to tracking.event and existed when
// the label was made or at the event's time (an endpoint made later does
// not get the events from before it, nor an event the carrier's clock
// dates a moment before the endpoint of a label made after it), and
// stores what was seen, in one transaction.
func (w TrackingWatch) Saw(ctx context.Context, l webhook.TrackedLabel, f webhook.Followed, now time.Time) ([]int64, error) {
	ids := make([]string, len(f.Events))
	ats := make([]time.Time, len(f.Events))
	datas := make([]string, len(f.Events))
	for i, e := range f.Events {
		ids[i], ats[i], datas[i] = e.ID, e.At, string(e.Data)
	}
	var out []int64
	err := pgx.BeginFunc(ctx, w.Pool, func(tx pgx.Tx) error {
		if len(f.Events) > 0 {
			rows, err := tx.Query(ctx, `
				WITH ev AS (
					INSERT INTO webhook_event (id, customer_id, type, at, data)
					SELECT x.id, $4, $5, x.at, x.data::jsonb
					FROM unnest($1::text[], $2::timestamptz[], $3::text[]) AS x(id, at, data)
					WHERE EXISTS (SELECT 1 FROM webhook_endpoint p WHERE p.customer_id = $4 AND p.enabled
						AND $5 = ANY (p.events) AND p.created_at <= greatest(x.at, $7))
					ON CONFLICT (id) DO NOTHING
					RETURNING id, customer_id, at)
				INSERT INTO webhook_delivery (endpoint_id, event_id, next_try)
				SELECT p.id, ev.id, $6 FROM ev JOIN webhook_endpoint p ON p.customer_id = ev.customer_id
					AND p.enabled AND $5 = ANY (p.events) AND p.created_at <= greatest(ev.at, $7)
				ORDER BY ev.at, p.id
				RETURNING id`, ids, ats, datas, l.CustomerID, string(webhook.TrackingEvent), now, l.LabelledAt)
			if err != nil {
				return err
			}
			if out, err = pgx.CollectRows(rows, pgx.RowTo[int64]); err != nil {
				return err
			}
		}
		seen := f.Seen
		if seen == nil {
			seen = []string{}
		}
		var done *time.Time
		if f.Done {
			done = &now
		}
		_, err := tx.Exec(ctx, `UPDATE tracking_watch SET seen = $3, done_at = coalesce(done_at, $4)
			WHERE shipment_id = $1 AND identifier = $2`, l.ShipmentID, l.Identifier, seen, done)
		return err
	})
	return out, err
}
