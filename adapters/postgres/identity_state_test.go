package postgres_test

import (
	"context"
	"testing"
	"time"

	"parcelportal/adapters/postgres"
	"parcelportal/adapters/postgres/postgrestest"
	"parcelportal/app/demo"
	"parcelportal/app/identity"
	"parcelportal/app/identity/statetest"
	"parcelportal/app/userdata"
	"parcelportal/core/failure"
	"parcelportal/core/organisation"
)

func TestMFAStateContract(t *testing.T) {
	t.Parallel()
	statetest.MFAStateContract(t, postgres.MFAState{Pool: postgrestest.NewPool(t)})
}

func TestThrottleContract(t *testing.T) {
	t.Parallel()
	statetest.ThrottleContract(t, postgres.Throttle{Pool: postgrestest.NewPool(t), Window: 15 * time.Minute,
		Limits: map[string]int{"login:": 3, "addr:": 5}})
}

func TestAuditLogRecords(t *testing.T) {
	t.Parallel()
	pool := postgrestest.NewPool(t)
	at := time.Date(2026, 11, 21, 9, 30, 0, 0, time.UTC)
	err := postgres.AuditLog{Pool: pool}.Record(context.Background(),
		identity.AuditEvent{Principal: "anna", Type: identity.AuditSignIn, At: at, Data: map[string]string{"mfaRequired": "true"}})
	if err != nil {
		t.Fatal(err)
	}
	var principal, kind, flag string
	var when time.Time
	err = pool.QueryRow(context.Background(), `SELECT principal, event_type, occurred_at, data->>'mfaRequired' FROM audit_event`).
		Scan(&principal, &kind, &when, &flag)
	if err != nil || principal != "anna" || kind != identity.AuditSignIn || !when.Equal(at) || flag != "true" {
		t.Fatalf("stored %q %q %v %q: %v", principal, kind, when, flag, err)
	}
}

func TestUserLinksContract(t *testing.T) {
	t.Parallel()
	pool := demoPool(t)
	dir := postgres.DemoDirectory{Pool: pool}
	var id int64
	if err := pool.QueryRow(context.Background(), `SELECT id FROM customer WHERE crmid = $1`, demo.BakeryCRMID).Scan(&id); err != nil {
		t.Fatal(err)
	}
	statetest.UserLinksContract(t, postgres.UserLinks{Pool: pool}, func(t *testing.T, login string) {
		if err := dir.LinkLogin(context.Background(), login, "7b0a8f5e-3f4c-4a53-9a39-2f1f3cf4a0ff", demo.BakeryCRMID, ""); err != nil {
			t.Fatal(err)
		}
	}, id)
}

func TestRegistrationRequestsContract(t *testing.T) {
	t.Parallel()
	pool := demoPool(t)
	ctx := context.Background()
	dir := postgres.DemoDirectory{Pool: pool}
	bakery := organisation.CustomerRef{CRMID: demo.BakeryCRMID}
	if err := pool.QueryRow(ctx, `SELECT c.id, c.name, h.country_code FROM customer c JOIN hub h ON h.id = c.hub_id WHERE c.crmid = $1`,
		demo.BakeryCRMID).Scan(&bakery.ID, &bakery.Name, &bakery.HubCountryCode); err != nil {
		t.Fatal(err)
	}
	for _, stmt := range []string{
		`UPDATE tenant SET self_registration_emails = '{de@carrier.example,ops@carrier.example}'`,
		`INSERT INTO tenant (name, country_code, self_registration_emails) VALUES ('Pakketportaal Nederland', 'NL', '{nl@carrier.example,ops@carrier.example}')`,
	} {
		if _, err := pool.Exec(ctx, stmt); err != nil {
			t.Fatal(err)
		}
	}
	statetest.RegistrationRequestsContract(t, postgres.RegistrationRequests{Pool: pool}, statetest.RegistrationFixture{
		Customer: bakery, TenantEmails: []string{"de@carrier.example", "ops@carrier.example"},
		AllEmails: []string{"de@carrier.example", "nl@carrier.example", "ops@carrier.example"},
		Link: func(t *testing.T, login string) {
			if err := dir.LinkLogin(ctx, login, "7b0a8f5e-3f4c-4a53-9a39-2f1f3cf4a0fe", demo.BakeryCRMID, ""); err != nil {
				t.Fatal(err)
			}
		},
	})
}

func TestUserLinksOfAFulfillmentUser(t *testing.T) {
	t.Parallel()
	pool := demoPool(t)
	ctx := context.Background()
	if err := (postgres.DemoDirectory{Pool: pool}).LinkLogin(ctx, "fulfillment", "7b0a8f5e-3f4c-4a53-9a39-2f1f3cf4a002", "", demo.FulfillerName); err != nil {
		t.Fatal(err)
	}
	link, err := postgres.UserLinks{Pool: pool}.ByLogin(ctx, "fulfillment")
	if err != nil || link.FulfillmentID == 0 || len(link.FulfillmentCustomers) != 2 || link.CustomerID != 0 {
		t.Fatalf("link = %+v, %v", link, err)
	}
}

func TestUserData(t *testing.T) {
	t.Parallel()
	pool := demoPool(t)
	ctx := context.Background()
	var bakery, fulfillment int64
	if err := pool.QueryRow(ctx, `SELECT (SELECT id FROM customer WHERE crmid = $1), (SELECT id FROM fulfillment WHERE name = $2)`,
		demo.BakeryCRMID, demo.FulfillerName).Scan(&bakery, &fulfillment); err != nil {
		t.Fatal(err)
	}
	store := postgres.UserData{Pool: pool}
	const identityID = "7b0a8f5e-3f4c-4a53-9a39-2f1f3cf4a003"

	created, err := store.Create(ctx, "ulla", identityID, bakery, 0)
	if err != nil {
		t.Fatal(err)
	}
	if created.Customer == nil || created.Customer.CRMID != demo.BakeryCRMID || created.Customer.HubCountryCode != "DE" || created.Fulfillment != nil {
		t.Fatalf("created = %+v", created)
	}
	if _, err := store.Create(ctx, "ulla", identityID, bakery, 0); !failure.HasKey(err, "error.userData.exists") {
		t.Fatalf("second link for a login = %v", err)
	}
	if _, err := store.Create(ctx, "otto", "7b0a8f5e-3f4c-4a53-9a39-2f1f3cf4a004", 987654, 0); !failure.HasKey(err, "error.userData.unknownReference") {
		t.Fatalf("unknown customer = %v", err)
	}

	updated, err := store.Update(ctx, created.ID, 0, fulfillment)
	if err != nil {
		t.Fatal(err)
	}
	if updated.Customer != nil || updated.Fulfillment == nil || len(updated.Fulfillment.Customers) != 2 {
		t.Fatalf("updated = %+v", updated)
	}
	mine, found, err := store.ByLogin(ctx, "ulla")
	if err != nil || !found || mine.ID != created.ID {
		t.Fatalf("ByLogin = %+v, %v, %v", mine, found, err)
	}
	page, total, err := store.List(ctx, userdata.Page{Size: 10, Sort: "fulfillment"})
	if err != nil || total != 1 || len(page) != 1 {
		t.Fatalf("List = %v, %d, %v", page, total, err)
	}
	if err := store.Delete(ctx, created.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := store.Get(ctx, created.ID); !failure.HasKey(err, "error.url.not.found") {
		t.Fatalf("Get after delete = %v", err)
	}
	if err := store.Delete(ctx, created.ID); err == nil {
		t.Fatal("deleting twice must fail")
	}
}
