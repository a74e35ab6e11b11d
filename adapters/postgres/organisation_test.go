package postgres_test

import (
	"context"
	"testing"

	"parcelportal/adapters/postgres"
	"parcelportal/adapters/postgres/postgrestest"
	"parcelportal/adapters/secrets"
	"parcelportal/app/organisations/storetest"
	"parcelportal/core/organisation"
)

func organisationStores(t *testing.T) storetest.Stores {
	pool := postgrestest.NewPool(t)
	box, err := secrets.NewBox(secrets.DevelopmentKey)
	if err != nil {
		t.Fatal(err)
	}
	return storetest.Stores{
		Tenants:      postgres.Tenants{Pool: pool, Sealer: box},
		Fulfillments: postgres.Fulfillments{Pool: pool},
		AddCustomer: func(t *testing.T, name, crmid string, hubID int64) organisation.CustomerRef {
			c := organisation.CustomerRef{Name: name, CRMID: crmid}
			err := pool.QueryRow(context.Background(), `
				INSERT INTO customer (name, crmid, hub_id) VALUES ($1, $2, $3)
				RETURNING id, (SELECT country_code FROM hub WHERE id = $3)`, name, crmid, hubID).Scan(&c.ID, &c.HubCountryCode)
			if err != nil {
				t.Fatal(err)
			}
			return c
		},
	}
}

func TestTenantsContract(t *testing.T) {
	t.Parallel()
	storetest.TenantContract(t, organisationStores(t))
}

func TestFulfillmentsContract(t *testing.T) {
	t.Parallel()
	storetest.FulfillmentContract(t, organisationStores(t))
}

func TestTenantCredentialsAreSealedAtRest(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := postgrestest.NewPool(t)
	box, _ := secrets.NewBox(secrets.DevelopmentKey)
	store := postgres.Tenants{Pool: pool, Sealer: box}
	tn, err := store.CreateTenant(ctx, organisation.Tenant{Subsidiary: "S", Name: "N",
		A1:   organisation.Credentials{Username: "u", Password: "a1-plain-secret", APIKey: "a1-plain-key"},
		GRP:  organisation.Credentials{Username: "g", Password: "grp-plain-secret"},
		Hubs: []organisation.Hub{{Name: "H", Address: organisation.Address{Street: "s", ZipCode: "z", City: "c", CountryCode: "DE"}, IsDefault: true}}})
	if err != nil {
		t.Fatal(err)
	}
	var leaks int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM tenant WHERE id = $1 AND (position('plain' in encode(a1_password, 'escape')) > 0
		OR position('plain' in encode(a1_api_key, 'escape')) > 0 OR position('plain' in encode(grp_password, 'escape')) > 0
		OR a1_password IS NULL OR grp_password IS NULL)`, tn.ID).Scan(&leaks); err != nil {
		t.Fatal(err)
	}
	if leaks != 0 {
		t.Fatal("a credential is stored in clear or not at all")
	}
	other, _ := secrets.NewBox("q83vq83vq83vq83vq83vq83vq83vq83vq83vq83vq80=")
	if _, err := (postgres.Tenants{Pool: pool, Sealer: other}).GetTenant(ctx, tn.ID); err == nil {
		t.Fatal("credentials opened with another key")
	}
}
