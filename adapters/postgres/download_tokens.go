package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/core/access"
	"parcelportal/core/linkdownload"
)

// DownloadTokens keeps the grants of link downloads (migration 00014), so
// that a token issued by one portal process works in every other.
type DownloadTokens struct{ Pool *pgxpool.Pool }

type storedCaller struct {
	IdentityID           string        `json:"identityId"`
	Login                string        `json:"login"`
	Roles                []access.Role `json:"roles"`
	CustomerID           int64         `json:"customerId"`
	FulfillmentID        int64         `json:"fulfillmentId"`
	FulfillmentCustomers []int64       `json:"fulfillmentCustomers"`
}

// Put stores the grant and forgets the expired ones.
func (s DownloadTokens) Put(ctx context.Context, hash [32]byte, g linkdownload.Grant) error {
	c := g.Caller
	caller, err := json.Marshal(storedCaller{c.IdentityID, c.Login, c.Roles, c.CustomerID, c.FulfillmentID, c.FulfillmentCustomers})
	if err != nil {
		return err
	}
	_, err = s.Pool.Exec(ctx, `
		WITH expired AS (DELETE FROM download_token WHERE expires_at < now() - interval '1 minute')
		INSERT INTO download_token (token_hash, purpose, resource, caller, expires_at) VALUES ($1, $2, $3, $4, $5)`,
		hash[:], string(g.Purpose), g.Resource, caller, g.Expires)
	return err
}

// Take removes and answers the grant in one statement: of concurrent takes
// one gets it.
func (s DownloadTokens) Take(ctx context.Context, hash [32]byte) (linkdownload.Grant, error) {
	var g linkdownload.Grant
	var purpose string
	var caller []byte
	err := s.Pool.QueryRow(ctx, `DELETE FROM download_token WHERE token_hash = $1 RETURNING purpose, resource, caller, expires_at`,
		hash[:]).Scan(&purpose, &g.Resource, &caller, &g.Expires)
	if errors.Is(err, pgx.ErrNoRows) {
		return linkdownload.Grant{}, linkdownload.ErrTokenInvalid
	}
	if err != nil {
		return linkdownload.Grant{}, err
	}
	var c storedCaller
	if err := json.Unmarshal(caller, &c); err != nil {
		return linkdownload.Grant{}, fmt.Errorf("download token caller: %w", err)
	}
	g.Purpose = linkdownload.Purpose(purpose)
	g.Caller = access.Caller{IdentityID: c.IdentityID, Login: c.Login, Roles: c.Roles, CustomerID: c.CustomerID,
		FulfillmentID: c.FulfillmentID, FulfillmentCustomers: c.FulfillmentCustomers}
	g.Expires = g.Expires.UTC()
	return g, nil
}
