package postgres

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/app/identity"
	"parcelportal/app/userdata"
	"parcelportal/core/organisation"
)

// RegistrationRequests keeps self-registrations (registration_request)
// until staff link the login through user_data.
type RegistrationRequests struct{ Pool *pgxpool.Pool }

var (
	_ identity.RegistrationRequests = RegistrationRequests{}
	_ userdata.Requests             = RegistrationRequests{}
)

// Add keeps the request and routes it: to the self-registration addresses
// of the tenant serving the customer with the CRM id, or, when no customer
// has it or that tenant lists none, to those of every tenant.
func (s RegistrationRequests) Add(ctx context.Context, r identity.RegistrationRequest) (identity.RegistrationRouting, error) {
	_, err := s.Pool.Exec(ctx, `
		INSERT INTO registration_request (login, identity_id, email, crmid, request_reason, requested_at)
		VALUES ($1, $2, $3, $4, $5, $6)`,
		r.Login, r.IdentityID, r.Email, r.CRMID, r.Reason, r.RequestedAt)
	if err != nil {
		return identity.RegistrationRouting{}, err
	}
	var routing identity.RegistrationRouting
	var c organisation.CustomerRef
	err = s.Pool.QueryRow(ctx, `
		SELECT c.id, c.name, c.crmid, h.country_code, t.self_registration_emails
		FROM customer c JOIN hub h ON h.id = c.hub_id JOIN tenant t ON t.id = h.tenant_id
		WHERE c.crmid = $1`, r.CRMID).Scan(&c.ID, &c.Name, &c.CRMID, &c.HubCountryCode, &routing.Recipients)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
	case err != nil:
		return identity.RegistrationRouting{}, err
	default:
		routing.Customer = &c
	}
	if len(routing.Recipients) == 0 {
		err = s.Pool.QueryRow(ctx, `
			SELECT coalesce(array_agg(DISTINCT e ORDER BY e), '{}') FROM tenant, unnest(self_registration_emails) e`).
			Scan(&routing.Recipients)
	}
	return routing, err
}

// Forget removes the login's request.
func (s RegistrationRequests) Forget(ctx context.Context, login string) error {
	_, err := s.Pool.Exec(ctx, `DELETE FROM registration_request WHERE login = $1`, login)
	return err
}

// pendingWhere selects requests whose login has no customer or fulfillment.
const pendingWhere = `NOT EXISTS (SELECT 1 FROM user_data d WHERE d.login = r.login
	AND (d.customer_id IS NOT NULL OR d.fulfillment_id IS NOT NULL))`

// Pending returns a page of the requests nobody has linked yet, oldest first.
func (s RegistrationRequests) Pending(ctx context.Context, page, size int) ([]userdata.Request, int, error) {
	return listPage(ctx, s.Pool, scanRequest, `
		SELECT r.id, r.login, r.email, r.crmid, r.request_reason, r.requested_at, c.id, c.name, c.crmid, h.country_code
		FROM registration_request r LEFT JOIN customer c ON c.crmid = r.crmid LEFT JOIN hub h ON h.id = c.hub_id
		WHERE `+pendingWhere+`
		ORDER BY r.requested_at, r.id LIMIT $1 OFFSET $2`, []any{size, page * size},
		`SELECT count(*) FROM registration_request r WHERE `+pendingWhere)
}

// scanRequest reads a request with the customer its CRM id names, if any.
func scanRequest(row pgx.Row) (userdata.Request, error) {
	var r userdata.Request
	var cID *int64
	var cName, cCRMID, cCountry *string
	err := row.Scan(&r.ID, &r.Login, &r.Email, &r.CRMID, &r.Reason, &r.RequestedAt, &cID, &cName, &cCRMID, &cCountry)
	if cID != nil {
		r.Customer = &organisation.CustomerRef{ID: *cID, Name: *cName, CRMID: *cCRMID, HubCountryCode: *cCountry}
	}
	return r, err
}
