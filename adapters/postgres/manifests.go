package postgres

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/app/manifests"
	"parcelportal/core/batch"
	"parcelportal/core/manifest"
	"parcelportal/core/shipment"
)

// Manifests gathers parcels (validated_shipment rows without a batch,
// migration 00015) into 'Single Parcels' batches and keeps the slots of
// the auto-manifest schedules in auto_manifest_run (migration 00017).
type Manifests struct {
	Pool *pgxpool.Pool
	// MailRetry is how long a slot whose mail failed waits (default 1 min).
	MailRetry time.Duration
}

var _ manifests.Store = Manifests{}

// manifestParcelColumns read a parcel as manifesting sees it; labelled is a live
// label (shipment DONE); labelling is a label call's lease held now. Both
// are read with the row locked FOR UPDATE, which the label call's Claim
// takes too: a gather and a relabel of one parcel never interleave.
const manifestParcelColumns = `v.id, v.customer_id, v.batch_id IS NOT NULL,
	coalesce(v.fields->'isoCountry'->>'value', ''), coalesce(v.fields->'product'->>'value', ''),
	coalesce(v.fields->'service'->>'value', ''), coalesce(v.fields->'options'->>'value', ''),
	EXISTS (SELECT 1 FROM shipment s WHERE s.validated_shipment_id = v.id AND s.state = '` + string(shipment.Done) + `'),
	coalesce(v.labelling_until > now(), false)`

// notLabelling leaves out parcels whose label a label call is replacing: an
// automatic manifest takes them at its next slot.
const notLabelling = `(v.labelling_until IS NULL OR v.labelling_until <= now())`

func scanParcels(rows pgx.Rows) ([]manifest.Parcel, error) {
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (manifest.Parcel, error) {
		var p manifest.Parcel
		var options string
		err := r.Scan(&p.ID, &p.CustomerID, &p.Manifested, &p.Destination, &p.Product, &p.Service, &options, &p.Labelled, &p.Labelling)
		p.Options = shipment.SplitOptions(options)
		return p, err
	})
}

// Gather locks the named parcels in id order (so two gathers never wait
// for each other in a circle), lets plan decide, and creates the batches.
func (m Manifests) Gather(ctx context.Context, ids []int64, plan manifests.Plan) ([]int64, error) {
	var made []int64
	err := pgx.BeginFunc(ctx, m.Pool, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT `+manifestParcelColumns+` FROM validated_shipment v
			WHERE v.id = ANY($1) AND v.source <> 'BATCH' ORDER BY v.id FOR UPDATE OF v`, ids)
		if err != nil {
			return err
		}
		parcels, err := scanParcels(rows)
		if err != nil {
			return err
		}
		gather, _, err := plan(parcels, nil)
		if err != nil {
			return err
		}
		made, err = createGatherings(ctx, tx, gather)
		return err
	})
	return made, err
}

// createGatherings creates each gathering's batch and moves its parcels'
// rows and shipments into it, at positions 1..n.
func createGatherings(ctx context.Context, tx pgx.Tx, gather []manifests.Gathering) ([]int64, error) {
	made := make([]int64, 0, len(gather))
	for _, g := range gather {
		b := g.Batch
		var sentAt *time.Time
		if !b.SentAt.IsZero() {
			sentAt = &b.SentAt
		}
		var id int64
		err := tx.QueryRow(ctx, `
			INSERT INTO batch (customer_id, csv_file_name, csv, status, created_by, created_by_admin, sent_at, sent_by, sent_by_admin,
				label_type, processed_shipments, total_shipments, row_count, manifest_type, hub_id, manifest_carrier)
			VALUES ($1, $2, '', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, NULLIF($14::bigint, 0), $15) RETURNING id`,
			b.CustomerID, b.FileName, string(b.Status), b.CreatedBy, b.CreatedByAdmin, sentAt, b.SentBy, b.SentByAdmin,
			b.LabelType, b.Processed, b.Total, len(g.Group.ParcelIDs), g.Group.ManifestType, g.Group.HubID, g.Group.Carrier).Scan(&id)
		if err != nil {
			return nil, err
		}
		tag, err := tx.Exec(ctx, `UPDATE validated_shipment v SET batch_id = $1, position = o.n, updated_at = now()
			FROM unnest($2::bigint[]) WITH ORDINALITY o(id, n) WHERE v.id = o.id AND v.batch_id IS NULL`, id, g.Group.ParcelIDs)
		if err != nil {
			return nil, err
		}
		if int(tag.RowsAffected()) != len(g.Group.ParcelIDs) {
			return nil, errors.New("postgres: a parcel to gather is gone or in a manifest already")
		}
		if _, err := tx.Exec(ctx, `UPDATE shipment s SET batch_id = v.batch_id, position = v.position
			FROM validated_shipment v WHERE v.id = s.validated_shipment_id AND v.batch_id = $1 AND s.batch_id IS NULL`, id); err != nil {
			return nil, err
		}
		made = append(made, id)
	}
	return made, nil
}

// ClaimSlot inserts the slot; the one transaction that inserts it gathers
// the customer's parcels and starts its SENT batches.
func (m Manifests) ClaimSlot(ctx context.Context, customerID int64, slot time.Time, plan manifests.Plan) (bool, []int64, error) {
	var (
		claimed bool
		made    []int64
	)
	err := pgx.BeginFunc(ctx, m.Pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `INSERT INTO auto_manifest_run (customer_id, slot_at) VALUES ($1, $2) ON CONFLICT DO NOTHING`, customerID, slot)
		if err != nil || tag.RowsAffected() == 0 {
			return err
		}
		claimed = true
		rows, err := tx.Query(ctx, `SELECT `+manifestParcelColumns+` FROM validated_shipment v
			WHERE v.customer_id = $1 AND v.source <> 'BATCH' AND v.batch_id IS NULL AND `+notLabelling+`
			AND EXISTS (SELECT 1 FROM shipment s WHERE s.validated_shipment_id = v.id AND s.state = '`+string(shipment.Done)+`')
			ORDER BY v.id FOR UPDATE OF v`, customerID)
		if err != nil {
			return err
		}
		parcels, err := scanParcels(rows)
		if err != nil {
			return err
		}
		query, args := batchSelect.Where("b.customer_id = ? AND b.status = ?", customerID, string(batch.Sent)).
			OrderBy("b.id").Suffix("FOR UPDATE OF b").MustSql()
		rows, err = tx.Query(ctx, query, args...)
		if err != nil {
			return err
		}
		sent, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (batch.Batch, error) { return scanBatch(r) })
		if err != nil {
			return err
		}
		gather, start, err := plan(parcels, sent)
		if err != nil {
			return err
		}
		if made, err = createGatherings(ctx, tx, gather); err != nil {
			return err
		}
		for _, b := range start {
			if _, err := tx.Exec(ctx, `UPDATE batch SET status = $2, processed_shipments = $3, total_shipments = $4,
				error_message = $5, error_params = $6, job_filter = $7 WHERE id = $1`,
				b.ID, string(b.Status), b.Processed, b.Total, b.ErrorMessage, paramsJSON(b.ErrorParams), string(b.JobFilter)); err != nil {
				return err
			}
			made = append(made, b.ID)
		}
		_, err = tx.Exec(ctx, `UPDATE auto_manifest_run SET batch_ids = $3,
			mailed_at = CASE WHEN cardinality($3::bigint[]) = 0 THEN now() END
			WHERE customer_id = $1 AND slot_at = $2`, customerID, slot, made)
		return err
	})
	if err != nil {
		return false, nil, err
	}
	return claimed, made, nil
}

// Schedules lists the active schedules with their hub's country.
func (m Manifests) Schedules(ctx context.Context) ([]manifests.Schedule, error) {
	return queryAll(ctx, m.Pool, func(r pgx.Row) (manifests.Schedule, error) {
		var s manifests.Schedule
		err := r.Scan(&s.CustomerID, &s.AutoManifest.Time, &s.AutoManifest.Days, &s.HubCountry, &s.Since)
		s.AutoManifest.Active = true
		return s, err
	}, `SELECT c.id, c.auto_manifest_time, c.auto_manifest_days, h.country_code, c.auto_manifest_since
		FROM customer c JOIN hub h ON h.id = c.hub_id WHERE c.auto_manifest_active ORDER BY c.id`)
}

// MailNext takes one ended, unmailed slot whose retry time has come,
// skipping those another process holds, and records in the same transaction
// what send reports. A process that dies after sending and before
// committing leaves the mail unmarked, and it is sent again: at least once,
// never lost.
func (m Manifests) MailNext(ctx context.Context, send func(manifests.Run) manifests.MailResult) (bool, error) {
	found := false
	var sendErr error
	err := pgx.BeginFunc(ctx, m.Pool, func(tx pgx.Tx) error {
		var r manifests.Run
		var batchIDs []int64
		err := tx.QueryRow(ctx, `SELECT r.customer_id, r.slot_at, r.batch_ids, c.name, c.crmid, c.language, c.manifest_emails,
				h.country_code, t.manifest_success_email, t.manifest_failure_email,
				r.staff_mailed_at IS NOT NULL, r.customer_mailed_at IS NOT NULL, r.mail_attempts
			FROM auto_manifest_run r JOIN customer c ON c.id = r.customer_id JOIN hub h ON h.id = c.hub_id JOIN tenant t ON t.id = h.tenant_id
			WHERE r.mailed_at IS NULL AND r.mail_after <= now() AND NOT EXISTS (
				SELECT 1 FROM batch b WHERE b.id = ANY(r.batch_ids) AND b.status = '`+string(batch.CreatingManifest)+`')
			ORDER BY r.claimed_at LIMIT 1 FOR UPDATE OF r SKIP LOCKED`).Scan(
			&r.CustomerID, &r.Slot, &batchIDs, &r.CustomerName, &r.CRMID, &r.Language, &r.ManifestEmails,
			&r.HubCountry, &r.SuccessEmail, &r.FailureEmail, &r.StaffMailed, &r.CustomerMailed, &r.Attempts)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		found = true
		r.Slot = r.Slot.UTC()
		rows, err := tx.Query(ctx, `SELECT id, status, manifest_type, manifest_number, coalesce(manifest, ''), error_message
			FROM batch WHERE id = ANY($1) ORDER BY array_position($1, id)`, batchIDs)
		if err != nil {
			return err
		}
		r.Batches, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (manifests.RunBatch, error) {
			var b manifests.RunBatch
			var status string
			err := row.Scan(&b.ID, &status, &b.ManifestType, &b.Number, &b.Document, &b.ErrorMessage)
			b.Status = batch.Status(status)
			if len(b.Document) == 0 {
				b.Document = nil
			}
			return b, err
		})
		if err != nil {
			return err
		}
		res := send(r)
		sendErr = res.Err
		failed, message := 0, ""
		if res.Err != nil {
			failed, message = 1, res.Err.Error()
		}
		retry := m.MailRetry
		if retry <= 0 {
			retry = time.Minute
		}
		_, err = tx.Exec(ctx, `UPDATE auto_manifest_run SET
				staff_mailed_at = CASE WHEN $3 THEN coalesce(staff_mailed_at, now()) END,
				customer_mailed_at = CASE WHEN $4 THEN coalesce(customer_mailed_at, now()) END,
				mail_attempts = mail_attempts + $5, mail_error = $6,
				mail_after = CASE WHEN $5 = 1 THEN now() + $7::interval ELSE mail_after END,
				mailed_at = CASE WHEN $8 THEN now() END
			WHERE customer_id = $1 AND slot_at = $2`,
			r.CustomerID, r.Slot, r.StaffMailed || res.StaffSent, r.CustomerMailed || res.CustomerSent, failed, message, retry, res.Done)
		return err
	})
	if err != nil {
		return found, err
	}
	return found, sendErr
}
