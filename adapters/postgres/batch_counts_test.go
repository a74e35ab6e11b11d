package postgres_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/adapters/postgres"
	"parcelportal/adapters/postgres/postgrestest"
	"parcelportal/core/batch"
	"parcelportal/core/shipment"
)

// recount is the lateral join the batch list ran before migration 00028:
// what the kept counts must always equal.
const recount = `SELECT count(*),
		count(*) FILTER (WHERE s.label IS NOT NULL AND s.state <> 'CANCELLED'),
		count(*) FILTER (WHERE s.customs_doc IS NOT NULL AND s.state <> 'CANCELLED'),
		count(*) FILTER (WHERE NOT s.success AND s.error_message <> ''),
		count(*) FILTER (WHERE v.changed),
		count(*) FILTER (WHERE s.state IN ('PENDING', 'SUBMITTING'))
	FROM shipment s LEFT JOIN validated_shipment v ON v.id = s.validated_shipment_id WHERE s.batch_id = $1`

// seedBatch stores a batch of n valid rows for the customer.
func seedBatch(t testing.TB, pool *pgxpool.Pool, customer int64, n int) int64 {
	t.Helper()
	rows := make([]shipment.Validated, n)
	for i := range rows {
		rows[i] = shipment.Validated{Valid: true, Fields: map[string]shipment.Value{"name": {Value: fmt.Sprint("Receiver ", i)}}}
	}
	b, err := postgres.Batches{Pool: pool}.Create(context.Background(), batch.Batch{CustomerID: customer, FileName: "counts.csv",
		Status: batch.Created, CreatedBy: "test", LabelType: "PDF"}, []byte("csv"), rows)
	if err != nil {
		t.Fatal(err)
	}
	return b.ID
}

// labelAll gives every row of the batch a shipment, in one statement as
// the job runner does, every tenth failed and every fifth with customs papers.
func labelAll(t testing.TB, pool *pgxpool.Pool, id int64) {
	t.Helper()
	if _, err := pool.Exec(context.Background(), `
		INSERT INTO shipment (batch_id, validated_shipment_id, customer_id, position, reference, state, success, error_message, label, customs_doc)
		SELECT v.batch_id, v.id, v.customer_id, v.position, format('b%s-r%s-a1', v.batch_id, v.position),
			CASE WHEN v.position % 10 = 0 THEN 'FAILED' ELSE 'DONE' END, v.position % 10 <> 0,
			CASE WHEN v.position % 10 = 0 THEN 'refused' ELSE '' END,
			CASE WHEN v.position % 10 <> 0 THEN '\x25504446'::bytea END,
			CASE WHEN v.position % 5 = 1 THEN '\x25504446'::bytea END
		FROM validated_shipment v WHERE v.batch_id = $1`, id); err != nil {
		t.Fatal(err)
	}
}

// TestBatchCountsFollowEveryChange moves shipments through every kind of
// statement the portal runs on them and compares the batch's counts, as
// the batch store reads them, with a count of its shipments after each.
func TestBatchCountsFollowEveryChange(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := postgrestest.NewPool(t)
	customer := demoCustomers(t, pool)[0]
	store := postgres.Batches{Pool: pool}
	a, b := seedBatch(t, pool, customer, 40), seedBatch(t, pool, customer, 7)
	check := func(step string) {
		t.Helper()
		for _, id := range []int64{a, b} {
			got, err := store.Get(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			c := got.Counts
			var want [6]int
			if err := pool.QueryRow(ctx, recount, id).Scan(&want[0], &want[1], &want[2], &want[3], &want[4], &want[5]); err != nil {
				t.Fatal(err)
			}
			if have := [6]int{c.Shipments, c.Labelled, c.CustomsDocs, c.ErrorShipments, c.ChangedShipments, c.Open}; have != want {
				t.Errorf("%s: batch %d counts %v, its shipments count %v", step, id, have, want)
			}
		}
	}
	check("no shipments")
	labelAll(t, pool, a)
	check("labelled in one statement")
	if c, _ := store.Get(ctx, a); c.Counts.Shipments != 40 || c.Counts.ErrorShipments != 4 || c.Counts.Labelled != 36 {
		t.Fatalf("after labelling 40 rows, 4 failed: %+v", c.Counts)
	}
	steps := []struct{ name, sql string }{
		{"a label cancelled", `UPDATE shipment SET state = 'CANCELLED' WHERE batch_id = $1 AND position = 2`},
		{"failed rows retried", `UPDATE shipment SET state = 'PENDING', success = false, error_message = '' WHERE batch_id = $1 AND position % 10 = 0`},
		{"one submitting", `UPDATE shipment SET state = 'SUBMITTING' WHERE batch_id = $1 AND position = 10`},
		{"a column no count reads", `UPDATE shipment SET soap_request = 'x' WHERE batch_id = $1`},
		{"rows edited after labelling", `UPDATE validated_shipment SET changed = true WHERE batch_id = $1 AND position IN (3, 4, 5)`},
		{"a changed row's shipment removed, its row no longer changed",
			`WITH s AS (DELETE FROM shipment WHERE batch_id = $1 AND position = 3 RETURNING validated_shipment_id)
			UPDATE validated_shipment v SET changed = false FROM s WHERE v.id = s.validated_shipment_id`},
		{"a label taken away", `UPDATE shipment SET label = NULL, customs_doc = NULL WHERE batch_id = $1 AND position = 6`},
		{"rows moved to the other batch", `
			WITH v AS (UPDATE validated_shipment SET batch_id = ` + fmt.Sprint(b) + `, position = position + 100 WHERE batch_id = $1 AND position > 35 RETURNING id, batch_id, position)
			UPDATE shipment s SET batch_id = v.batch_id, position = v.position FROM v WHERE s.validated_shipment_id = v.id`},
		{"shipments of both batches removed at once", `DELETE FROM shipment WHERE batch_id IN ($1, ` + fmt.Sprint(b) + `) AND position % 7 = 0`},
	}
	for _, s := range steps {
		if _, err := pool.Exec(ctx, s.sql, a); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		check(s.name)
	}
	// Deleting the batch takes its counts with it.
	if err := store.Delete(ctx, a, func(batch.Batch) error { return nil }); err != nil {
		t.Fatal(err)
	}
	var left int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM batch_shipment_count WHERE batch_id = $1`, a).Scan(&left); err != nil || left != 0 {
		t.Errorf("a deleted batch's counts: %d rows left (%v)", left, err)
	}
}

// BenchmarkBatchList reads a customer's batch list of 10 batches, as every
// signed-in page polls it, once with empty batches and once with 2000
// shipments in each: the two must cost about the same (issue 16).
func BenchmarkBatchList(b *testing.B) {
	for _, shipments := range []int{0, 2000} {
		b.Run(fmt.Sprintf("10x%d", shipments), func(b *testing.B) {
			pool := postgrestest.NewPool(b)
			customer := demoCustomers(b, pool)[0]
			for range 10 {
				id := seedBatch(b, pool, customer, max(shipments, 1))
				if shipments > 0 {
					labelAll(b, pool, id)
				}
			}
			if _, err := pool.Exec(context.Background(), `ANALYZE`); err != nil {
				b.Fatal(err)
			}
			store := postgres.Batches{Pool: pool}
			b.ResetTimer()
			for b.Loop() {
				list, _, err := store.List(context.Background(), customer, 0, 20)
				if err != nil || len(list) != 10 {
					b.Fatalf("%d batches: %v", len(list), err)
				}
			}
		})
	}
}
