package postgres

import (
	"context"
	"errors"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/app/userdata"
	"parcelportal/core/failure"
	"parcelportal/core/organisation"
)

// UserData keeps the user_data links with their customer and fulfillment.
type UserData struct{ Pool *pgxpool.Pool }

// Failures of user data writes.
var (
	errUserDataNotFound = &failure.Error{Kind: failure.NotFound, Key: "error.url.not.found", Entity: "userData"}
	errUserDataExists   = &failure.Error{Kind: failure.Conflict, Key: "error.userData.exists", Entity: "userData"}
	errUnknownReference = &failure.Error{Kind: failure.Invalid, Key: "error.userData.unknownReference", Entity: "userData"}
)

// linkSelect reads links with the customer's hub country and the
// fulfillment's customers in one query.
var linkSelect = psql.Select(
	"d.id", "d.login", "c.id", "c.name", "c.crmid", "hc.country_code", "f.id", "f.name",
	`coalesce((SELECT json_agg(json_build_object('ID', x.id, 'Name', x.name, 'CRMID', x.crmid, 'HubCountryCode', xh.country_code) ORDER BY x.name)
		FROM fulfillment_customer fc JOIN customer x ON x.id = fc.customer_id JOIN hub xh ON xh.id = x.hub_id
		WHERE fc.fulfillment_id = f.id), '[]')`,
).From("user_data d").
	LeftJoin("customer c ON c.id = d.customer_id").LeftJoin("hub hc ON hc.id = c.hub_id").
	LeftJoin("fulfillment f ON f.id = d.fulfillment_id")

var linkSortColumns = map[string]string{"login": "d.login", "customer": "c.name", "fulfillment": "f.name"}

func scanLink(row pgx.Row) (userdata.Link, error) {
	var l userdata.Link
	var cID, fID *int64
	var cName, cCRMID, cCountry, fName *string
	var customers []organisation.CustomerRef
	if err := row.Scan(&l.ID, &l.Login, &cID, &cName, &cCRMID, &cCountry, &fID, &fName, &customers); err != nil {
		return userdata.Link{}, err
	}
	if cID != nil {
		l.Customer = &organisation.CustomerRef{ID: *cID, Name: *cName, CRMID: *cCRMID, HubCountryCode: *cCountry}
	}
	if fID != nil {
		l.Fulfillment = &organisation.FulfillmentRef{ID: *fID, Name: *fName, Customers: customers}
	}
	return l, nil
}

func (u UserData) one(ctx context.Context, where sq.Sqlizer) (userdata.Link, error) {
	query, args := linkSelect.Where(where).MustSql()
	l, err := scanLink(u.Pool.QueryRow(ctx, query, args...))
	if errors.Is(err, pgx.ErrNoRows) {
		return userdata.Link{}, errUserDataNotFound
	}
	return l, err
}

// ByLogin returns the login's link.
func (u UserData) ByLogin(ctx context.Context, login string) (userdata.Link, bool, error) {
	l, err := u.one(ctx, sq.Eq{"d.login": login})
	if errors.Is(err, errUserDataNotFound) {
		return userdata.Link{}, false, nil
	}
	return l, err == nil, err
}

// Get returns one link.
func (u UserData) Get(ctx context.Context, id int64) (userdata.Link, error) {
	return u.one(ctx, sq.Eq{"d.id": id})
}

// List returns a page of links and their total.
func (u UserData) List(ctx context.Context, p userdata.Page) ([]userdata.Link, int, error) {
	column, ok := linkSortColumns[p.Sort]
	if !ok {
		column = "d.login"
	}
	direction := " ASC NULLS LAST"
	if p.Descending {
		direction = " DESC NULLS LAST"
	}
	size := p.Size
	if size <= 0 {
		size = 20
	}
	query, args := linkSelect.OrderBy(column+direction, "d.id").
		Limit(uint64(size)).Offset(uint64(max(p.Page, 0) * size)).MustSql()
	return listPage(ctx, u.Pool, scanLink, query, args, `SELECT count(*) FROM user_data`)
}

// Create links a login.
func (u UserData) Create(ctx context.Context, login, identityID string, customerID, fulfillmentID int64) (userdata.Link, error) {
	var id int64
	err := u.Pool.QueryRow(ctx, `
		INSERT INTO user_data (login, identity_id, customer_id, fulfillment_id)
		VALUES ($1, $2, nullif($3, 0), nullif($4, 0)) RETURNING id`,
		login, identityID, customerID, fulfillmentID).Scan(&id)
	if err != nil {
		return userdata.Link{}, writeFailure(err)
	}
	return u.Get(ctx, id)
}

// Update changes a link's customer and fulfillment.
func (u UserData) Update(ctx context.Context, id, customerID, fulfillmentID int64) (userdata.Link, error) {
	tag, err := u.Pool.Exec(ctx, `UPDATE user_data SET customer_id = nullif($2, 0), fulfillment_id = nullif($3, 0) WHERE id = $1`,
		id, customerID, fulfillmentID)
	if err != nil {
		return userdata.Link{}, writeFailure(err)
	}
	if tag.RowsAffected() == 0 {
		return userdata.Link{}, errUserDataNotFound
	}
	return u.Get(ctx, id)
}

// Delete removes a link.
func (u UserData) Delete(ctx context.Context, id int64) error {
	tag, err := u.Pool.Exec(ctx, `DELETE FROM user_data WHERE id = $1`, id)
	if err == nil && tag.RowsAffected() == 0 {
		return errUserDataNotFound
	}
	return err
}

// writeFailure turns constraint violations into the failures users can act on.
func writeFailure(err error) error {
	switch {
	case isUniqueViolation(err):
		return errUserDataExists
	case isForeignKeyViolation(err):
		return errUnknownReference
	}
	return err
}
