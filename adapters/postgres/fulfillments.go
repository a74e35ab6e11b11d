package postgres

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/app/organisations"
	"parcelportal/core/organisation"
)

// Fulfillments keeps fulfillments and which customers they act for.
type Fulfillments struct{ Pool *pgxpool.Pool }

const fulfillmentSelect = `SELECT f.id, f.name, f.crmid,
	coalesce((SELECT json_agg(json_build_object('ID', c.id, 'Name', c.name, 'CRMID', c.crmid, 'HubCountryCode', h.country_code) ORDER BY c.name)
		FROM fulfillment_customer fc JOIN customer c ON c.id = fc.customer_id JOIN hub h ON h.id = c.hub_id
		WHERE fc.fulfillment_id = f.id), '[]')
	FROM fulfillment f`

func scanFulfillment(row pgx.Row) (organisation.Fulfillment, error) {
	var f organisation.Fulfillment
	err := row.Scan(&f.ID, &f.Name, &f.CRMID, &f.Customers)
	return f, err
}

// ListFulfillments returns a page by name.
func (s Fulfillments) ListFulfillments(ctx context.Context, p organisations.Page) ([]organisation.Fulfillment, int, error) {
	return listPage(ctx, s.Pool, scanFulfillment, fulfillmentSelect+` ORDER BY f.name, f.id LIMIT $1 OFFSET $2`, []any{p.Size, p.Page * p.Size},
		`SELECT count(*) FROM fulfillment`)
}

// GetFulfillment returns one fulfillment with its customers.
func (s Fulfillments) GetFulfillment(ctx context.Context, id int64) (organisation.Fulfillment, error) {
	f, err := scanFulfillment(s.Pool.QueryRow(ctx, fulfillmentSelect+` WHERE f.id = $1`, id))
	if errors.Is(err, pgx.ErrNoRows) {
		return f, organisations.ErrFulfillmentNotFound
	}
	return f, err
}

// SaveFulfillment creates or updates a fulfillment and sets its customers,
// moving them from other fulfillments.
func (s Fulfillments) SaveFulfillment(ctx context.Context, f organisation.Fulfillment) (organisation.Fulfillment, error) {
	id := f.ID
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		if id == 0 {
			if err := tx.QueryRow(ctx, `INSERT INTO fulfillment (name, crmid) VALUES ($1, $2) RETURNING id`, f.Name, f.CRMID).Scan(&id); err != nil {
				return fulfillmentFailure(err)
			}
		} else {
			tag, err := tx.Exec(ctx, `UPDATE fulfillment SET name = $2, crmid = $3 WHERE id = $1`, id, f.Name, f.CRMID)
			if err != nil {
				return fulfillmentFailure(err)
			}
			if tag.RowsAffected() == 0 {
				return organisations.ErrFulfillmentNotFound
			}
		}
		ids := f.CustomerIDs()
		var known int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM customer WHERE id = ANY($1)`, ids).Scan(&known); err != nil {
			return err
		}
		if known != len(ids) {
			return organisations.ErrUnknownCustomer
		}
		if _, err := tx.Exec(ctx, `DELETE FROM fulfillment_customer WHERE fulfillment_id = $1 OR customer_id = ANY($2)`, id, ids); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO fulfillment_customer (fulfillment_id, customer_id) SELECT $1, unnest($2::bigint[])`, id, ids)
		return fulfillmentFailure(err)
	})
	if err != nil {
		return organisation.Fulfillment{}, err
	}
	return s.GetFulfillment(ctx, id)
}

// DeleteFulfillment removes a fulfillment; its customers stay.
func (s Fulfillments) DeleteFulfillment(ctx context.Context, id int64) error {
	tag, err := s.Pool.Exec(ctx, `DELETE FROM fulfillment WHERE id = $1`, id)
	if err == nil && tag.RowsAffected() == 0 {
		return organisations.ErrFulfillmentNotFound
	}
	return err
}

// Memberships returns every customer by name with its fulfillment.
func (s Fulfillments) Memberships(ctx context.Context) ([]organisation.Membership, error) {
	rows, err := s.Pool.Query(ctx, `
		SELECT c.id, c.name, c.crmid, h.country_code, coalesce(f.id, 0), coalesce(f.name, '')
		FROM customer c JOIN hub h ON h.id = c.hub_id
		LEFT JOIN fulfillment_customer fc ON fc.customer_id = c.id LEFT JOIN fulfillment f ON f.id = fc.fulfillment_id
		ORDER BY c.name, c.id`)
	if err != nil {
		return nil, err
	}
	var out []organisation.Membership
	var m organisation.Membership
	_, err = pgx.ForEachRow(rows, []any{&m.Customer.ID, &m.Customer.Name, &m.Customer.CRMID, &m.Customer.HubCountryCode,
		&m.Fulfillment.ID, &m.Fulfillment.Name}, func() error {
		out = append(out, m)
		return nil
	})
	return out, err
}

func fulfillmentFailure(err error) error {
	switch {
	case err == nil:
		return nil
	case isUniqueViolation(err):
		return organisations.ErrFulfillmentExists
	case isForeignKeyViolation(err):
		return organisations.ErrUnknownCustomer
	}
	return err
}
