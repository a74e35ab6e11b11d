package postgres_test

import (
	"bytes"
	"context"
	"errors"
	"testing"

	"parcelportal/adapters/postgres"
	"parcelportal/adapters/secrets"
	"parcelportal/app/customers/storetest"
	"parcelportal/core/customer"
)

func customerStore(t *testing.T) (postgres.Customers, int64) {
	t.Helper()
	pool := demoPool(t)
	ctx := context.Background()
	var hub int64
	if err := pool.QueryRow(ctx, `SELECT id FROM hub WHERE is_default`).Scan(&hub); err != nil {
		t.Fatal(err)
	}
	box, err := secrets.NewBox(secrets.DevelopmentKey)
	if err != nil {
		t.Fatal(err)
	}
	return postgres.Customers{Pool: pool, Sealer: box}, hub
}

func TestCustomersContract(t *testing.T) {
	t.Parallel()
	store, hub := customerStore(t)
	storetest.Contract(t, store, hub)
}

func TestCustomerSecretsAreSealedAtRest(t *testing.T) {
	t.Parallel()
	store, hub := customerStore(t)
	ctx := context.Background()
	c, err := store.Create(ctx, storetest.Full(hub, "SE77700001"))
	if err != nil {
		t.Fatal(err)
	}
	var row []byte
	if err := store.Pool.QueryRow(ctx, `SELECT convert_to(c::text, 'UTF8') FROM customer c WHERE id = $1`, c.ID).Scan(&row); err != nil {
		t.Fatal(err)
	}
	var sealed []byte
	if err := store.Pool.QueryRow(ctx, `SELECT credentials_sealed FROM customer WHERE id = $1`, c.ID).Scan(&sealed); err != nil {
		t.Fatal(err)
	}
	for _, secret := range []string{"api-secret", "track-secret", "csecret", "a1p"} {
		if bytes.Contains(row, []byte(secret)) || bytes.Contains(sealed, []byte(secret)) {
			t.Errorf("secret %q is stored in clear", secret)
		}
	}
	if len(sealed) < 28 {
		t.Fatalf("sealed credentials = %d bytes", len(sealed))
	}
	other, _ := secrets.NewBox("AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE=")
	if _, err := (postgres.Customers{Pool: store.Pool, Sealer: other}).Get(ctx, c.ID); err == nil {
		t.Fatal("credentials opened with another key")
	}
}

// The parcel list reads a customer's API client alone: it answers with a
// key that cannot open the credentials, and an unknown customer is not found.
func TestCustomerAPIClientOpensNoCredentials(t *testing.T) {
	t.Parallel()
	store, hub := customerStore(t)
	ctx := context.Background()
	full := storetest.Full(hub, "SE77700002")
	full.APIClient = customer.ClientA1
	c, err := store.Create(ctx, full)
	if err != nil {
		t.Fatal(err)
	}
	other, _ := secrets.NewBox("AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE=")
	locked := postgres.Customers{Pool: store.Pool, Sealer: other}
	if _, err := locked.Get(ctx, c.ID); err == nil {
		t.Fatal("credentials opened with another key")
	}
	client, err := locked.APIClient(ctx, c.ID)
	if err != nil || client != customer.ClientA1 {
		t.Fatalf("APIClient = %q, %v; want %q", client, err, customer.ClientA1)
	}
	if _, err := store.APIClient(ctx, 1<<40); !errors.Is(err, customer.ErrNotFound) {
		t.Fatalf("unknown customer: %v", err)
	}
}
