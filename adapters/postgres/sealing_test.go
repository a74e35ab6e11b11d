package postgres_test

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"

	"parcelportal/adapters/postgres"
	"parcelportal/adapters/secrets"
	"parcelportal/adapters/secrets/secretstest"
	"parcelportal/app/customers/storetest"
	"parcelportal/core/customer"
	"parcelportal/core/organisation"
)

// A sealed value is bound to its row and column: copied to another
// customer, or from one tenant column to another, it does not open.
func TestSealedCredentialsCannotBeMovedBetweenRows(t *testing.T) {
	t.Parallel()
	store, hub := customerStore(t)
	ctx := context.Background()
	a, b := twoCustomers(t, store, hub)
	if got, err := store.Get(ctx, a.ID); err != nil || got.Credentials.APIPassword != "api-secret" {
		t.Fatalf("own credentials = %q, %v", got.Credentials.APIPassword, err)
	}
	if _, err := store.Pool.Exec(ctx, `UPDATE customer SET credentials_sealed = (SELECT credentials_sealed FROM customer WHERE id = $1) WHERE id = $2`,
		a.ID, b.ID); err != nil {
		t.Fatal(err)
	}
	if got, err := store.Get(ctx, b.ID); err == nil {
		t.Fatalf("customer %d opened customer %d's credentials: %q", b.ID, a.ID, got.Credentials.APIPassword)
	}

	box, _ := secrets.NewBox(secrets.DevelopmentKey)
	tenants := postgres.Tenants{Pool: store.Pool, Sealer: box}
	tn, err := tenants.CreateTenant(ctx, organisation.Tenant{Subsidiary: "S", Name: "N",
		A1:   organisation.Credentials{Username: "u", Password: "a1-secret", APIKey: "a1-key"},
		GRP:  organisation.Credentials{Username: "g", Password: "grp-secret"},
		Hubs: []organisation.Hub{{Name: "H", Address: organisation.Address{Street: "s", ZipCode: "z", City: "c", CountryCode: "DE"}, IsDefault: true}}})
	if err != nil || tn.A1.Password != "a1-secret" || tn.GRP.Password != "grp-secret" {
		t.Fatalf("tenant = %+v, %v", tn, err)
	}
	if _, err := store.Pool.Exec(ctx, `UPDATE tenant SET grp_password = a1_password WHERE id = $1`, tn.ID); err != nil {
		t.Fatal(err)
	}
	if got, err := tenants.GetTenant(ctx, tn.ID); err == nil {
		t.Fatalf("the a1 password opened as the grp password: %q", got.GRP.Password)
	}
}

// Values sealed before the binding (the demo seed, existing databases)
// still open, and ResealCredentials binds them to their row: afterwards
// they open as before and no longer move to another row.
func TestLegacySealedValuesStillOpenAndAreSealedAgain(t *testing.T) {
	t.Parallel()
	store, hub := customerStore(t)
	ctx := context.Background()
	box, _ := secrets.NewBox(secrets.DevelopmentKey)
	a, b := twoCustomers(t, store, hub)
	plain, _ := json.Marshal(map[string]string{"APIPassword": "old-secret", "A1APIKey": "old-key"})
	old := secretstest.LegacySeal(t, secrets.DevelopmentKey, plain)
	if _, err := store.Pool.Exec(ctx, `UPDATE customer SET credentials_sealed = $2 WHERE id = $1`, a.ID, old); err != nil {
		t.Fatal(err)
	}
	tenants := postgres.Tenants{Pool: store.Pool, Sealer: box}
	tn, err := tenants.CreateTenant(ctx, organisation.Tenant{Subsidiary: "S", Name: "N",
		A1:   organisation.Credentials{Username: "u"},
		Hubs: []organisation.Hub{{Name: "H", Address: organisation.Address{Street: "s", ZipCode: "z", City: "c", CountryCode: "DE"}, IsDefault: true}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := store.Pool.Exec(ctx, `UPDATE tenant SET a1_password = $2 WHERE id = $1`, tn.ID, secretstest.LegacySeal(t, secrets.DevelopmentKey, []byte("old-a1"))); err != nil {
		t.Fatal(err)
	}

	if got, err := store.Get(ctx, a.ID); err != nil || got.Credentials.APIPassword != "old-secret" || got.Credentials.A1APIKey != "old-key" {
		t.Fatalf("legacy credentials before resealing = %+v, %v", got.Credentials, err)
	}
	n, err := postgres.ResealCredentials(ctx, store.Pool, box)
	if err != nil || n < 2 {
		t.Fatalf("ResealCredentials = %d, %v", n, err)
	}
	var now []byte
	if err := store.Pool.QueryRow(ctx, `SELECT credentials_sealed FROM customer WHERE id = $1`, a.ID).Scan(&now); err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(now, old) || !bytes.HasPrefix(now, []byte("v2:")) {
		t.Fatalf("the legacy value was not sealed again: %x", now[:8])
	}
	if got, err := store.Get(ctx, a.ID); err != nil || got.Credentials.APIPassword != "old-secret" {
		t.Fatalf("credentials after resealing = %+v, %v", got.Credentials, err)
	}
	if got, err := tenants.GetTenant(ctx, tn.ID); err != nil || got.A1.Password != "old-a1" {
		t.Fatalf("tenant after resealing = %+v, %v", got.A1, err)
	}
	if n, err := postgres.ResealCredentials(ctx, store.Pool, box); err != nil || n != 0 {
		t.Fatalf("second run = %d, %v", n, err)
	}
	if _, err := store.Pool.Exec(ctx, `UPDATE customer SET credentials_sealed = $2 WHERE id = $1`, b.ID, now); err != nil {
		t.Fatal(err)
	}
	if _, err := store.Get(ctx, b.ID); err == nil {
		t.Fatal("the resealed value opened in another row")
	}
}

// twoCustomers stores two full customers with sealed credentials.
func twoCustomers(t *testing.T, store postgres.Customers, hub int64) (customer.Customer, customer.Customer) {
	t.Helper()
	ctx := context.Background()
	a, err := store.Create(ctx, storetest.Full(hub, "SE77700001"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := store.Create(ctx, storetest.Full(hub, "SE77700002"))
	if err != nil {
		t.Fatal(err)
	}
	return a, b
}
