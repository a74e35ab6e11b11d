package postgres_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/adapters/postgres"
	"parcelportal/adapters/postgres/postgrestest"
	"parcelportal/app/manifests/storetest"
	"parcelportal/core/batch"
	"parcelportal/core/customer"
	"parcelportal/core/manifest"
)

// parcelFixture writes parcels as the parcel calls do (migration 00015): a
// validated_shipment row without a batch and its shipment without a batch.
type parcelFixture struct {
	pool      *pgxpool.Pool
	customers [2]int64
}

func (f parcelFixture) Customers() [2]int64 { return f.customers }

// PutParcel stores a parcel of the customer and its label attempt.
func PutParcel(t *testing.T, pool *pgxpool.Pool, customerID int64, fields map[string]string, labelled bool) int64 {
	t.Helper()
	ctx := context.Background()
	doc := map[string]map[string]any{}
	for k, v := range fields {
		doc[k] = map[string]any{"value": v, "violations": []any{}}
	}
	body, _ := json.Marshal(doc)
	var id int64
	if err := pool.QueryRow(ctx, `INSERT INTO validated_shipment (batch_id, customer_id, position, fields, valid, source, label_type)
		VALUES (NULL, $1, 0, $2, true, 'INDIVIDUAL_PARCEL', 'PDF') RETURNING id`, customerID, body).Scan(&id); err != nil {
		t.Fatal(err)
	}
	state, label, identifier := "FAILED", []byte(nil), ""
	if labelled {
		state, label, identifier = "DONE", []byte("%PDF-1 label"), fmt.Sprintf("LX%09dDE", id)
	}
	if _, err := pool.Exec(ctx, `INSERT INTO shipment (batch_id, validated_shipment_id, customer_id, position, reference, state, success,
			identifier, label, label_content_type, label_type, destination, product, service)
		VALUES (NULL, $1, $2, 0, $3, $4, $5, $6, $7, 'application/pdf', 'PDF', $8, $9, $10)`,
		id, customerID, fmt.Sprintf("p%d-a1", id), state, labelled, identifier, label,
		fields["isoCountry"], fields["product"], fields["service"]); err != nil {
		t.Fatal(err)
	}
	return id
}

func (f parcelFixture) Parcel(t *testing.T, customerID int64, destination string, options []string, labelled bool) int64 {
	opts := ""
	for i, o := range options {
		if i > 0 {
			opts += "|"
		}
		opts += o
	}
	return PutParcel(t, f.pool, customerID, map[string]string{
		"name": "Erika Muster", "isoCountry": destination, "product": "EPAQSTD", "service": "CUP", "options": opts,
	}, labelled)
}

func (f parcelFixture) SentBatch(t *testing.T, customerID int64) int64 {
	t.Helper()
	ctx := context.Background()
	var id int64
	if err := f.pool.QueryRow(ctx, `INSERT INTO batch (customer_id, csv_file_name, csv, status, created_by, sent_at, sent_by)
		VALUES ($1, 'sent.csv', 'x', 'SENT', 'tester', now(), 'tester') RETURNING id`, customerID).Scan(&id); err != nil {
		t.Fatal(err)
	}
	if _, err := f.pool.Exec(ctx, `WITH v AS (INSERT INTO validated_shipment (batch_id, customer_id, position, fields, valid)
			VALUES ($1, $2, 1, '{}', true) RETURNING id)
		INSERT INTO shipment (batch_id, validated_shipment_id, customer_id, position, reference, state, success, identifier, label)
		SELECT $1, v.id, $2, 1, 'b' || $1 || '-r1-a1', 'DONE', true, 'LB' || $1, '%PDF-1' FROM v`, id, customerID); err != nil {
		t.Fatal(err)
	}
	return id
}

func (f parcelFixture) Labelling(t *testing.T, parcelID int64) {
	t.Helper()
	if _, err := f.pool.Exec(context.Background(), `UPDATE validated_shipment SET labelling_until = now() + interval '2 minutes' WHERE id = $1`, parcelID); err != nil {
		t.Fatal(err)
	}
}

func (f parcelFixture) BatchOf(t *testing.T, parcelID int64) int64 {
	t.Helper()
	var row, ship *int64
	if err := f.pool.QueryRow(context.Background(), `SELECT v.batch_id, s.batch_id FROM validated_shipment v
		JOIN shipment s ON s.validated_shipment_id = v.id WHERE v.id = $1`, parcelID).Scan(&row, &ship); err != nil {
		t.Fatal(err)
	}
	if (row == nil) != (ship == nil) || (row != nil && *row != *ship) {
		t.Fatalf("parcel %d: row in batch %v, its shipment in %v", parcelID, row, ship)
	}
	if row == nil {
		return 0
	}
	return *row
}

func (f parcelFixture) Status(t *testing.T, batchID int64) batch.Status {
	t.Helper()
	var s string
	if err := f.pool.QueryRow(context.Background(), `SELECT status FROM batch WHERE id = $1`, batchID).Scan(&s); err != nil {
		t.Fatal(err)
	}
	return batch.Status(s)
}

func (f parcelFixture) Settle(t *testing.T, batchID int64, status batch.Status, doc []byte) {
	t.Helper()
	if _, err := f.pool.Exec(context.Background(), `UPDATE batch SET status = $2, manifest = $3, manifest_number = 'M' || id WHERE id = $1`,
		batchID, string(status), doc); err != nil {
		t.Fatal(err)
	}
}

func (f parcelFixture) SetSchedule(t *testing.T, customerID int64, a customer.AutoManifest, since time.Time) {
	t.Helper()
	ctx := context.Background()
	days := a.Days
	if days == nil {
		days = []string{}
	}
	if _, err := f.pool.Exec(ctx, `UPDATE customer SET auto_manifest_active = $2, auto_manifest_time = $3, auto_manifest_days = $4 WHERE id = $1`,
		customerID, a.Active, a.Time, days); err != nil {
		t.Fatal(err)
	}
	if _, err := f.pool.Exec(ctx, `UPDATE customer SET auto_manifest_since = $2 WHERE id = $1`, customerID, since); err != nil {
		t.Fatal(err)
	}
}

func TestManifestsContract(t *testing.T) {
	t.Parallel()
	pool := postgrestest.NewPool(t)
	storetest.Contract(t, postgres.Manifests{Pool: pool, MailRetry: storetest.RetryAfter}, parcelFixture{pool: pool, customers: demoCustomers(t, pool)})
}

// A change of the schedule moves since to the time of the change, so a
// new schedule never runs a slot of the past.
func TestScheduleChangeMovesSince(t *testing.T) {
	t.Parallel()
	pool := postgrestest.NewPool(t)
	ids := demoCustomers(t, pool)
	f := parcelFixture{pool: pool, customers: ids}
	old := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
	f.SetSchedule(t, ids[0], customer.AutoManifest{Active: true, Time: "10:00", Days: []string{"MONDAY"}}, old)
	ctx := context.Background()
	if _, err := pool.Exec(ctx, `UPDATE customer SET name = name || ' GmbH' WHERE id = $1`, ids[0]); err != nil {
		t.Fatal(err)
	}
	var since time.Time
	_ = pool.QueryRow(ctx, `SELECT auto_manifest_since FROM customer WHERE id = $1`, ids[0]).Scan(&since)
	if !since.Equal(old) {
		t.Fatalf("another change moved since to %v", since)
	}
	if _, err := pool.Exec(ctx, `UPDATE customer SET auto_manifest_time = '11:00' WHERE id = $1`, ids[0]); err != nil {
		t.Fatal(err)
	}
	_ = pool.QueryRow(ctx, `SELECT auto_manifest_since FROM customer WHERE id = $1`, ids[0]).Scan(&since)
	if time.Since(since) > time.Minute {
		t.Fatalf("a schedule change must move since to now, it is %v", since)
	}
}

func TestRoutingOptionsContract(t *testing.T) {
	t.Parallel()
	pool := postgrestest.NewPool(t)
	storetest.RoutingOptionsContract(t, postgres.RoutingOptions{Pool: pool})
}

// The migration seeds a default for each of the 23 manifest-carrier
// countries, each naming a manifest type the portal knows.
func TestRoutingOptionsAreSeeded(t *testing.T) {
	t.Parallel()
	pool := postgrestest.NewPool(t)
	list, err := postgres.RoutingOptions{Pool: pool}.List(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != len(manifest.Countries) {
		t.Fatalf("%d seeded options, want %d", len(list), len(manifest.Countries))
	}
	for i, o := range list {
		if o.Country != manifest.Countries[i] || !slices.Contains(manifest.Types, o.ManifestType) || o.Carrier == "" {
			t.Errorf("seeded option %d = %+v", i, o)
		}
	}
}
