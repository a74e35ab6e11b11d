package postgres

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/core/access"
)

// UserLinks reads the user_data links of logins; staff write them
// through UserData.
type UserLinks struct{ Pool *pgxpool.Pool }

// ByLogin returns the login's customer and fulfillment with its customers;
// a login without user data has an empty link.
func (u UserLinks) ByLogin(ctx context.Context, login string) (access.Link, error) {
	var l access.Link
	var customer, fulfillment *int64
	err := u.Pool.QueryRow(ctx, `
		SELECT d.customer_id, d.fulfillment_id,
			coalesce(array_agg(fc.customer_id ORDER BY fc.customer_id) FILTER (WHERE fc.customer_id IS NOT NULL), '{}')
		FROM user_data d LEFT JOIN fulfillment_customer fc ON fc.fulfillment_id = d.fulfillment_id
		WHERE d.login = $1 GROUP BY d.customer_id, d.fulfillment_id`, login).Scan(&customer, &fulfillment, &l.FulfillmentCustomers)
	if errors.Is(err, pgx.ErrNoRows) {
		return access.Link{}, nil
	}
	if customer != nil {
		l.CustomerID = *customer
	}
	if fulfillment != nil {
		l.FulfillmentID = *fulfillment
	}
	return l, err
}

// DeleteByLogin removes the login's link.
func (u UserLinks) DeleteByLogin(ctx context.Context, login string) error {
	_, err := u.Pool.Exec(ctx, `DELETE FROM user_data WHERE login = $1`, login)
	return err
}
