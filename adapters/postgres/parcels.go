package postgres

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/app/batchjob"
	"parcelportal/app/parcels"
	"parcelportal/core/parcel"
	"parcelportal/core/shipment"
)

// Parcels keeps single parcels (migrations 00015 and 00020): a parcel is a
// validated_shipment row without a batch, its label attempt a shipment row
// without a batch, its carrier traffic carrier_exchange rows of that
// shipment. It serves the parcel use cases' ports.
type Parcels struct{ Pool *pgxpool.Pool }

// isParcel keeps batch rows out of every parcel statement; the partial
// indexes of the parcel list are on it.
const isParcel = `v.source <> 'BATCH'`

// parcelColumns read a parcel with its manifest batch and label attempt;
// the form (its cells and order lines) stands between parcelHead and
// parcelTail, so that a list can read less of it.
const (
	parcelHead = `v.id, v.uuid::text, v.customer_id, v.source, v.label_type, v.api_client, v.created_by,
	v.created_at, v.updated_at, `
	parcelTail = `, v.valid, coalesce(v.batch_id, 0), coalesce(b.status, ''),
	coalesce(s.id, 0), coalesce(s.state, ''), coalesce(s.identifier, ''), coalesce(s.error_message, ''),
	coalesce(s.error_params, '{}'), s.submitted_at,
	coalesce(s.label IS NOT NULL AND s.state <> 'CANCELLED', false),
	coalesce(s.customs_doc IS NOT NULL AND s.state <> 'CANCELLED', false)`
	parcelColumns = parcelHead + `v.fields, v.order_lines` + parcelTail
)

// listedColumns read only the cells a list row shows of the form
// (parcel.ListedFields) and no order lines: the database sends and the
// portal reads some 5 cells of each row instead of 40.
var listedColumns = func() string {
	pairs := make([]string, len(parcel.ListedFields))
	for i, f := range parcel.ListedFields {
		pairs[i] = fmt.Sprintf("'%s', v.fields->'%s'", f, f)
	}
	return parcelHead + "jsonb_strip_nulls(jsonb_build_object(" + strings.Join(pairs, ", ") + ")), '[]'::jsonb" + parcelTail
}()

const parcelFrom = ` FROM validated_shipment v
	LEFT JOIN batch b ON b.id = v.batch_id
	LEFT JOIN shipment s ON s.validated_shipment_id = v.id`

func scanParcel(row pgx.Row) (parcel.Parcel, error) {
	var (
		p             parcel.Parcel
		source, state string
		fields, lines []byte
		valid         bool
		submitted     *time.Time
	)
	err := row.Scan(&p.ID, &p.UUID, &p.CustomerID, &source, &p.LabelType, &p.APIClient, &p.CreatedBy,
		&p.CreatedAt, &p.UpdatedAt, &fields, &lines, &valid, &p.BatchID, &p.BatchStatus,
		&p.Label.ShipmentID, &state, &p.Label.Identifier, &p.Label.ErrorMessage,
		&p.Label.ErrorParams, &submitted, &p.Label.HasLabel, &p.Label.HasCustoms)
	if errors.Is(err, pgx.ErrNoRows) {
		return parcel.Parcel{}, parcel.ErrNotFound
	}
	if err != nil {
		return parcel.Parcel{}, err
	}
	p.Source, p.Label.Status = parcel.Source(source), shipment.Status(state)
	if submitted != nil {
		p.Label.SubmittedAt = *submitted
	}
	if len(p.Label.ErrorParams) == 0 {
		p.Label.ErrorParams = nil
	}
	p.Validated, err = decodeRow(fields, lines, valid)
	return p, err
}

func getParcel(ctx context.Context, q querier, id int64, lock bool) (parcel.Parcel, error) {
	sql := `SELECT ` + parcelColumns + parcelFrom + ` WHERE v.id = $1 AND ` + isParcel
	if lock {
		sql += ` FOR UPDATE OF v`
	}
	return scanParcel(q.QueryRow(ctx, sql, id))
}

// Create stores a parcel without a batch.
func (s Parcels) Create(ctx context.Context, p parcel.Parcel) (parcel.Parcel, error) {
	fields, lines := encodeRow(p.Validated)
	var id int64
	err := s.Pool.QueryRow(ctx, `
		INSERT INTO validated_shipment (batch_id, position, fields, order_lines, valid, customer_id, source,
			label_type, api_client, created_by)
		VALUES (NULL, 0, $1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
		fields, lines, p.Validated.Valid, p.CustomerID, string(p.Source), p.LabelType, p.APIClient, p.CreatedBy).Scan(&id)
	if err != nil {
		return parcel.Parcel{}, err
	}
	return getParcel(ctx, s.Pool, id, false)
}

// Get reads a parcel.
func (s Parcels) Get(ctx context.Context, id int64) (parcel.Parcel, error) {
	return getParcel(ctx, s.Pool, id, false)
}

// Update changes a parcel's form and label type under its row lock.
func (s Parcels) Update(ctx context.Context, id int64, change func(*parcel.Parcel) error) (parcel.Parcel, error) {
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		p, err := getParcel(ctx, tx, id, true)
		if err != nil {
			return err
		}
		if err := change(&p); err != nil {
			return err
		}
		fields, lines := encodeRow(p.Validated)
		_, err = tx.Exec(ctx, `UPDATE validated_shipment SET fields = $2, order_lines = $3, valid = $4, label_type = $5,
			updated_at = now() WHERE id = $1`, id, fields, lines, p.Validated.Valid, p.LabelType)
		return err
	})
	if err != nil {
		return parcel.Parcel{}, err
	}
	return getParcel(ctx, s.Pool, id, false)
}

// Delete removes a parcel with its label attempt and that attempt's traffic.
func (s Parcels) Delete(ctx context.Context, id int64, allow func(parcel.Parcel) error) error {
	return pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		p, err := getParcel(ctx, tx, id, true)
		if err != nil {
			return err
		}
		if err := allow(p); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM shipment WHERE validated_shipment_id = $1`, id); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `DELETE FROM validated_shipment WHERE id = $1`, id)
		return err
	})
}

// List pages a customer's parcels newest first. The page keeps to the
// partial indexes of migrations 00015 and 00020, the total to the counts.
func (s Parcels) List(ctx context.Context, q parcel.Query) ([]parcel.Parcel, int, error) {
	where := sq.And{sq.Expr(isParcel), sq.Eq{"v.customer_id": q.CustomerID}}
	switch q.Manifest {
	case parcel.Manifested:
		where = append(where, sq.Expr(`v.batch_id IS NOT NULL`))
	case parcel.NotManifested:
		where = append(where, sq.Expr(`v.batch_id IS NULL`))
	}
	if q.Source != "" {
		where = append(where, sq.Eq{"v.source": string(q.Source)})
	}
	if q.APIClient != "" {
		where = append(where, sq.Eq{"v.api_client": q.APIClient})
	}
	// The page is chosen on the parcel rows alone, then joined.
	page, args, err := psql.Select("v.id").From("validated_shipment v").Where(where).
		OrderBy("v.created_at DESC", "v.id DESC").Limit(uint64(q.Size)).Offset(uint64(q.Page) * uint64(q.Size)).ToSql()
	if err != nil {
		return nil, 0, err
	}
	// The total comes from the counts the triggers of migration 00020 keep.
	counts := sq.And{sq.Eq{"customer_id": q.CustomerID}}
	switch q.Manifest {
	case parcel.Manifested:
		counts = append(counts, sq.Eq{"manifested": true})
	case parcel.NotManifested:
		counts = append(counts, sq.Eq{"manifested": false})
	}
	if q.Source != "" {
		counts = append(counts, sq.Eq{"source": string(q.Source)})
	}
	if q.APIClient != "" {
		counts = append(counts, sq.Eq{"api_client": q.APIClient})
	}
	count, cargs, err := psql.Select("coalesce(sum(n), 0)").From("parcel_count").Where(counts).ToSql()
	if err != nil {
		return nil, 0, err
	}
	return listPage(ctx, s.Pool, scanParcel, `WITH page AS (`+page+`) SELECT `+listedColumns+` FROM page
		JOIN validated_shipment v ON v.id = page.id
		LEFT JOIN batch b ON b.id = v.batch_id
		LEFT JOIN shipment s ON s.validated_shipment_id = v.id
		ORDER BY v.created_at DESC, v.id DESC`, args, count, cargs...)
}

// Claim takes the parcel's label lease and reads its attempt.
func (s Parcels) Claim(ctx context.Context, id int64, now, until time.Time) (p parcel.Parcel, sh shipment.Shipment, ok bool, err error) {
	err = pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		var held *time.Time
		err := tx.QueryRow(ctx, `SELECT v.labelling_until FROM validated_shipment v WHERE v.id = $1 AND `+isParcel+` FOR UPDATE`, id).Scan(&held)
		if errors.Is(err, pgx.ErrNoRows) {
			return parcel.ErrNotFound
		}
		if err != nil {
			return err
		}
		if held != nil && held.After(now) {
			return parcel.ErrBusy
		}
		if _, err := tx.Exec(ctx, `UPDATE validated_shipment SET labelling_until = $2 WHERE id = $1`, id, until); err != nil {
			return err
		}
		if p, err = getParcel(ctx, tx, id, false); err != nil {
			return err
		}
		if p.Label.ShipmentID == 0 {
			return nil
		}
		var (
			attempt               int
			reference, identifier string
			state                 string
		)
		if err := tx.QueryRow(ctx, `SELECT attempt, reference, state, identifier FROM shipment WHERE id = $1`, p.Label.ShipmentID).
			Scan(&attempt, &reference, &state, &identifier); err != nil {
			return err
		}
		sh, err = shipment.Restore(p.Label.ShipmentID, attempt, reference, shipment.Status(state), identifier, p.Validated.Draft())
		ok = err == nil
		return err
	})
	return p, sh, ok, err
}

// Release gives the lease up.
func (s Parcels) Release(ctx context.Context, id int64) error {
	_, err := s.Pool.Exec(ctx, `UPDATE validated_shipment SET labelling_until = NULL WHERE id = $1`, id)
	return err
}

// Next stores the attempt: a new shipment row, or the next attempt of the
// parcel's one.
func (s Parcels) Next(ctx context.Context, id int64, sh shipment.Shipment) (shipment.Shipment, error) {
	if sh.ID == 0 {
		var sid int64
		err := s.Pool.QueryRow(ctx, `
			INSERT INTO shipment (batch_id, validated_shipment_id, customer_id, position, attempt, reference, state, identifier,
				reference_number, receiver_name, product, service, destination, api_client, retoure)
			SELECT NULL, v.id, v.customer_id, 0, $2, $3, $4, $5,
				coalesce(v.fields->'referencenumber'->>'value', ''), coalesce(v.fields->'name'->>'value', ''),
				coalesce(v.fields->'product'->>'value', ''), coalesce(v.fields->'service'->>'value', ''),
				coalesce(v.fields->'isoCountry'->>'value', ''), v.api_client, coalesce(v.fields->'returnOptions'->>'value', '') <> ''
			FROM validated_shipment v WHERE v.id = $1
			RETURNING id`, id, sh.Attempt, sh.Reference, string(sh.Status()), sh.Identifier()).Scan(&sid)
		if err != nil {
			return shipment.Shipment{}, err
		}
		return shipment.Restore(sid, sh.Attempt, sh.Reference, sh.Status(), sh.Identifier(), sh.Draft)
	}
	_, err := s.Pool.Exec(ctx, `
		UPDATE shipment s SET attempt = $2, reference = $3, state = $4, identifier = $5, success = false,
			error_message = '', error_params = '{}', `+shipmentSummary+`
		FROM validated_shipment v WHERE v.id = s.validated_shipment_id AND s.id = $1`,
		sh.ID, sh.Attempt, sh.Reference, string(sh.Status()), sh.Identifier())
	return sh, err
}

// Submitting marks the attempt SUBMITTING.
func (s Parcels) Submitting(ctx context.Context, shipmentID int64) error {
	return BatchWork(s).Submitting(ctx, shipmentID)
}

// Voided clears the earlier label the attempt held.
func (s Parcels) Voided(ctx context.Context, shipmentID int64, ex []batchjob.Exchange) error {
	return BatchWork(s).Voided(ctx, shipmentID, ex)
}

// Finish writes the attempt's outcome as a batch shipment's is written;
// without a batch, nothing is counted.
func (s Parcels) Finish(ctx context.Context, o parcels.Outcome) error {
	return BatchWork(s).Finish(ctx, o)
}

func (s Parcels) file(ctx context.Context, id int64, columns string) (parcels.File, error) {
	var f parcels.File
	err := s.Pool.QueryRow(ctx, `SELECT `+columns+` FROM shipment s JOIN validated_shipment v ON v.id = s.validated_shipment_id
		WHERE v.id = $1 AND `+isParcel+` AND `+liveShipment, id).Scan(&f.Data, &f.ContentType, &f.LabelType)
	if errors.Is(err, pgx.ErrNoRows) {
		return parcels.File{}, nil
	}
	return f, err
}

// Label reads the label of the parcel's live attempt.
func (s Parcels) Label(ctx context.Context, id int64) (parcels.File, error) {
	return s.file(ctx, id, `s.label, s.label_content_type, s.label_type`)
}

// CustomsDoc reads the customs declaration of the parcel's live attempt.
func (s Parcels) CustomsDoc(ctx context.Context, id int64) (parcels.File, error) {
	return s.file(ctx, id, `s.customs_doc, 'application/pdf', s.label_type`)
}
