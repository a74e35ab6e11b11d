package postgres_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/adapters/postgres"
	"parcelportal/adapters/postgres/postgrestest"
	"parcelportal/app/batches/storetest"
	"parcelportal/app/batchjob"
	"parcelportal/core/batch"
	"parcelportal/core/shipment"
)

func TestBatchWorkContract(t *testing.T) {
	t.Parallel()
	storetest.WorkContract(t, func(t *testing.T) storetest.WorkFixture { return workFixture(t, postgrestest.NewPool(t)) })
}

// workFixture seeds batches through the batch store and reads the tables back.
func workFixture(t *testing.T, pool *pgxpool.Pool) storetest.WorkFixture {
	ctx := context.Background()
	customer := demoCustomers(t, pool)[0]
	var hub string
	if err := pool.QueryRow(ctx, `SELECT h.country_code FROM customer c JOIN hub h ON h.id = c.hub_id WHERE c.id = $1`, customer).Scan(&hub); err != nil {
		t.Fatal(err)
	}
	exec := func(t *testing.T, sql string, args ...any) {
		t.Helper()
		if _, err := pool.Exec(ctx, sql, args...); err != nil {
			t.Fatal(err)
		}
	}
	return storetest.WorkFixture{
		Work:       postgres.BatchWork{Pool: pool},
		HubCountry: hub,
		NewBatch: func(t *testing.T, s batch.Status, rows []storetest.JobRow) int64 {
			vs := make([]shipment.Validated, len(rows))
			for i, r := range rows {
				vs[i] = validated(r)
			}
			b, err := postgres.Batches{Pool: pool}.Create(ctx, batch.Batch{CustomerID: customer, FileName: "work.csv", Status: batch.Created,
				CreatedBy: "test", LabelType: "PDF"}, []byte("csv"), vs)
			if err != nil {
				t.Fatal(err)
			}
			exec(t, `UPDATE batch SET status = $2 WHERE id = $1`, b.ID, string(s))
			return b.ID
		},
		SetStatus: func(t *testing.T, id int64, s batch.Status, f batch.Filter) {
			exec(t, `UPDATE batch SET status = $2, job_filter = $3 WHERE id = $1`, id, string(s), string(f))
		},
		SetChanged: func(t *testing.T, id int64, position int) {
			exec(t, `UPDATE validated_shipment SET changed = true WHERE batch_id = $1 AND position = $2`, id, position)
		},
		Snapshot: func(t *testing.T, id int64) storetest.Snapshot { return workSnapshot(t, pool, id) },
	}
}

func validated(r storetest.JobRow) shipment.Validated {
	v := shipment.Validated{Valid: r.Valid, Fields: map[string]shipment.Value{}}
	for k, x := range r.Draft.Fields {
		v.Fields[k] = shipment.Value{Value: x}
	}
	if !r.Valid {
		v.Fields["postalcode"] = shipment.Value{Violations: []shipment.Violation{{Key: "error.shipment.mandatory"}}}
	}
	for _, l := range r.Draft.OrderLines {
		line := map[string]shipment.Value{}
		for k, x := range l {
			line[k] = shipment.Value{Value: x}
		}
		v.OrderLines = append(v.OrderLines, line)
	}
	return v
}

func workSnapshot(t *testing.T, pool *pgxpool.Pool, id int64) storetest.Snapshot {
	t.Helper()
	ctx := context.Background()
	var s storetest.Snapshot
	var status string
	var at *time.Time
	if err := pool.QueryRow(ctx, `SELECT status, error_message, error_params, processed_shipments, total_shipments, manifest, manifest_number, manifest_created_at
		FROM batch WHERE id = $1`, id).Scan(&status, &s.ErrorMessage, &s.ErrorParams, &s.Processed, &s.Total, &s.Manifest, &s.ManifestNumber, &at); err != nil {
		t.Fatal(err)
	}
	s.Status = batch.Status(status)
	if at != nil {
		s.ManifestAt = at.UTC()
	}
	rows, err := pool.Query(ctx, `SELECT changed FROM validated_shipment WHERE batch_id = $1 ORDER BY position`, id)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var c bool
		if err := rows.Scan(&c); err != nil {
			t.Fatal(err)
		}
		s.Changed = append(s.Changed, c)
	}
	rows, err = pool.Query(ctx, `SELECT id, position, attempt, reference, state, success, error_message, error_params, identifier, label,
		label_content_type, label_type, customs_doc, soap_request, soap_response, submitted_at, receiver_name, destination
		FROM shipment WHERE batch_id = $1 ORDER BY position`, id)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var x storetest.Stored
		var state string
		var submitted *time.Time
		if err := rows.Scan(&x.ID, &x.Position, &x.Attempt, &x.Reference, &state, &x.Success, &x.ErrorMessage, &x.ErrorParams, &x.Identifier, &x.Label,
			&x.ContentType, &x.LabelType, &x.CustomsDoc, &x.Traffic.Request, &x.Traffic.Response, &submitted, &x.ReceiverName, &x.Destination); err != nil {
			t.Fatal(err)
		}
		x.State = shipment.Status(state)
		if submitted != nil {
			x.SubmittedAt = submitted.UTC()
		}
		s.Shipments = append(s.Shipments, x)
	}
	rows, err = pool.Query(ctx, `SELECT coalesce(shipment_id, 0), operation, request, response FROM carrier_exchange WHERE batch_id = $1 ORDER BY id`, id)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var e storetest.KeptExchange
		if err := rows.Scan(&e.ShipmentID, &e.Operation, &e.Request, &e.Response); err != nil {
			t.Fatal(err)
		}
		s.Exchanges = append(s.Exchanges, e)
	}
	return s
}

// TestBatchLockDiesWithItsSession: a worker that dies takes its lock with
// it, so the batch is free to be resumed at once.
func TestBatchLockDiesWithItsSession(t *testing.T) {
	t.Parallel()
	pool := postgrestest.NewPool(t)
	f := workFixture(t, pool)
	id := f.NewBatch(t, batch.Sending, storetest.JobRows(1))
	work := postgres.BatchWork{Pool: pool}
	if _, err := work.Lock(context.Background(), id); err != nil {
		t.Fatal(err)
	}
	if idle, _ := work.Idle(context.Background()); len(idle) != 0 {
		t.Fatalf("a held batch is idle: %+v", idle)
	}
	// The holder's session ends as a killed process's would.
	tag, err := pool.Exec(context.Background(), `SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND granted AND objid = $1
		AND classid = ((hashtext(current_schema() || ':batchjob')::bigint + 4294967296) % 4294967296)::oid`, id)
	if err != nil || tag.RowsAffected() != 1 {
		t.Fatalf("terminate the holder: %v, %d sessions", err, tag.RowsAffected())
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		release, err := work.Lock(context.Background(), id)
		if err == nil {
			release()
			break
		}
		if !errors.Is(err, batchjob.ErrBusy) || time.Now().After(deadline) {
			t.Fatalf("lock after the holder died: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
