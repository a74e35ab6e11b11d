package postgres_test

import (
	"context"
	"testing"

	"parcelportal/adapters/postgres"
	"parcelportal/adapters/postgres/postgrestest"
	"parcelportal/app/demo"
	"parcelportal/app/userdata"
	"parcelportal/core/failure"
)

func TestUserData(t *testing.T) {
	t.Parallel()
	pool := postgrestest.NewPool(t)
	ctx := context.Background()
	if err := (postgres.DemoDirectory{Pool: pool}).SaveOrganisation(ctx, demo.DemoOrganisation()); err != nil {
		t.Fatal(err)
	}
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
