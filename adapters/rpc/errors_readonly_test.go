package rpc

import (
	"context"
	"errors"
	"testing"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/adapters/postgres"
	"parcelportal/adapters/postgres/postgrestest"
	"parcelportal/core/addressbook"
)

// A database made read-only (default_transaction_read_only, as for upkeep
// or a standby) refuses a real repository's write with SQLSTATE 25006; the
// caller gets 503 with the translated key, not 500 error.internal, and
// reads keep working.
func TestReadOnlyDatabaseAnswersUnavailable(t *testing.T) {
	ctx := context.Background()
	pool := postgrestest.NewPool(t)
	var schema string
	if err := pool.QueryRow(ctx, "SELECT current_schema()").Scan(&schema); err != nil {
		t.Fatal(err)
	}
	cfg := pool.Config().Copy()
	cfg.ConnConfig.RuntimeParams["search_path"] = schema
	cfg.ConnConfig.RuntimeParams["default_transaction_read_only"] = "on"
	readOnly, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer readOnly.Close()

	book := postgres.AddressBook{Pool: readOnly}
	_, err = book.Create(ctx, addressbook.Entry{CustomerID: 1, Address: addressbook.Address{
		Name: "Bakery", Street: "Main", No: "1", PostalCode: "10115", City: "Berlin", IsoCountry: "DE"}})
	var pgErr *pgconn.PgError
	if !errors.As(err, &pgErr) || pgErr.Code != "25006" {
		t.Fatalf("a write to the read-only database = %v; want SQLSTATE 25006", err)
	}
	var got *connect.Error
	if !errors.As(toConnectError(ctx, err), &got) || got.Code() != connect.CodeUnavailable || got.Message() != KeyUnavailable {
		t.Fatalf("mapped to %v; want unavailable %s", toConnectError(ctx, err), KeyUnavailable)
	}
	if _, err := book.Get(ctx, 1); !errors.Is(err, addressbook.ErrNotFound) {
		t.Fatalf("a read of the read-only database = %v; want it to work (not found)", err)
	}
}
