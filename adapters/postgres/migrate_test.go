package postgres_test

import (
	"context"
	"testing"

	"parcelportal/adapters/postgres"
	"parcelportal/adapters/postgres/postgrestest"
)

// Branches take migration numbers in advance: a database that ran 00013
// and 00014 before 00012 arrived still starts, and gets 00012 then.
func TestAMigrationArrivingLateIsAppliedOutOfOrder(t *testing.T) {
	t.Parallel()
	pool := postgrestest.NewPool(t)
	ctx := context.Background()
	if _, err := pool.Exec(ctx, `DROP TABLE registration_request; DELETE FROM goose_db_version WHERE version_id = 12`); err != nil {
		t.Fatal(err)
	}
	if err := postgres.Migrate(ctx, pool); err != nil {
		t.Fatalf("migrate with 00012 missing below the database's version: %v", err)
	}
	var table *string
	if err := pool.QueryRow(ctx, `SELECT to_regclass('registration_request')::text`).Scan(&table); err != nil || table == nil {
		t.Fatalf("registration_request after migrating = %v, %v", table, err)
	}
}
