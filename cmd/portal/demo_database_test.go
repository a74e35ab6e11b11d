package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"os"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/adapters/postgres"
	"parcelportal/adapters/postgres/postgrestest"
	"parcelportal/adapters/secrets"
	"parcelportal/app/demo"
)

// demoDatabase is a schema of the test's own holding the demo organisation
// as bin/seed writes it, its credentials sealed with the development key:
// what the tests of the wired portal start from.
type demoDatabase struct {
	pool *pgxpool.Pool
	box  *secrets.Box
}

func newDemoDatabase(t testing.TB) demoDatabase {
	t.Helper()
	pool := postgrestest.NewPool(t)
	box, err := secrets.NewBox(secrets.DevelopmentKey)
	if err != nil {
		t.Fatal(err)
	}
	if err := (postgres.DemoDirectory{Pool: pool, Sealer: box}).SaveOrganisation(context.Background(), demo.DemoOrganisation()); err != nil {
		t.Fatal(err)
	}
	return demoDatabase{pool: pool, box: box}
}

// customer is the id of the demo customer with the CRM id.
func (d demoDatabase) customer(t testing.TB, crmid string) int64 {
	t.Helper()
	var id int64
	if err := d.pool.QueryRow(context.Background(), `SELECT id FROM customer WHERE crmid = $1`, crmid).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

// redisOf is the address of the stack's Redis.
func redisOf(t testing.TB) string {
	t.Helper()
	addr := os.Getenv("REDIS_ADDR")
	if addr == "" {
		t.Fatal("REDIS_ADDR is not set: run integration tests through `make test`, which starts Redis")
	}
	return addr
}

// randomHex names what tests share the stack with others by (job queues,
// mail addresses), so that they never take each other's.
func randomHex(t testing.TB) string {
	t.Helper()
	b := make([]byte, 6)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	return hex.EncodeToString(b)
}
