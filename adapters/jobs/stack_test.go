package jobs_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/adapters/carrier"
	"parcelportal/adapters/carrier/simulator"
	"parcelportal/adapters/postgres"
	"parcelportal/adapters/postgres/postgrestest"
	"parcelportal/adapters/secrets"
	"parcelportal/app/batchjob"
	"parcelportal/app/demo"
	"parcelportal/core/batch"
	"parcelportal/core/shipment"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// stack is what a batch job meets in production: Postgres with the demo
// organisation (whose customers ship with the simulator's login) and the
// carrier simulator over HTTP.
type stack struct {
	pool     *pgxpool.Pool
	sealer   *secrets.Box
	sim      *simulator.Simulator
	url      string
	customer int64
}

func newStack(t testing.TB, latency time.Duration) *stack {
	t.Helper()
	ctx := context.Background()
	pool := postgrestest.NewPool(t)
	box, err := secrets.NewBox(secrets.DevelopmentKey)
	if err != nil {
		t.Fatal(err)
	}
	if err := (postgres.DemoDirectory{Pool: pool, Sealer: box}).SaveOrganisation(ctx, demo.DemoOrganisation()); err != nil {
		t.Fatal(err)
	}
	var customer int64
	if err := pool.QueryRow(ctx, `SELECT id FROM customer WHERE crmid = $1`, demo.BakeryCRMID).Scan(&customer); err != nil {
		t.Fatal(err)
	}
	sim := simulator.New(simulator.WithLatency(latency))
	srv := httptest.NewServer(sim)
	t.Cleanup(srv.Close)
	return &stack{pool: pool, sealer: box, sim: sim, url: srv.URL, customer: customer}
}

// sendingBatch stores a batch of n valid rows and starts its send as the
// batch use cases do.
func (s *stack) sendingBatch(t testing.TB, n int) int64 {
	t.Helper()
	ctx := context.Background()
	rows := make([]shipment.Validated, n)
	for i := range rows {
		rows[i] = shipment.Validated{Valid: true, Fields: map[string]shipment.Value{
			"name": {Value: fmt.Sprintf("Receiver %d", i+1)}, "street": {Value: "Hauptstraße"}, "no": {Value: "5"},
			"postalcode": {Value: "10115"}, "city": {Value: "Berlin"}, "isoCountry": {Value: "DE"},
			"product": {Value: "EPAQSTD"}, "service": {Value: "CUP"}, "weight": {Value: "1,2"},
			"referencenumber": {Value: fmt.Sprintf("ORD-%d", i+1)},
		}}
	}
	store := postgres.Batches{Pool: s.pool}
	b, err := store.Create(ctx, batch.Batch{CustomerID: s.customer, FileName: "resume.csv", Status: batch.Created, CreatedBy: "test", LabelType: "PDF"},
		[]byte("csv"), rows)
	if err != nil {
		t.Fatal(err)
	}
	_, err = store.Update(ctx, b.ID, func(b *batch.Batch) error {
		b.Status, b.JobFilter, b.Total, b.Processed = batch.Sending, batch.FilterAll, n, 0
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.ID
}

// runner works through Postgres and the simulator with the adapter.
func (s *stack) runner(opt batchjob.Options, copts ...carrier.Option) *batchjob.Runner {
	opt.Log = quiet
	return batchjob.NewRunner(batchjob.PortsOf(postgres.BatchWork{Pool: s.pool}), postgres.Customers{Pool: s.pool, Sealer: s.sealer},
		carrier.New(s.url+"/shipping", copts...), opt)
}

// sent reads how the batch ended: its status, and per shipment whether it
// is DONE with a label, by reference.
func (s *stack) sent(t testing.TB, id int64) (status batch.Status, processed int, labelled map[string]bool) {
	t.Helper()
	ctx := context.Background()
	if err := s.pool.QueryRow(ctx, `SELECT status, processed_shipments FROM batch WHERE id = $1`, id).Scan(&status, &processed); err != nil {
		t.Fatal(err)
	}
	rows, err := s.pool.Query(ctx, `SELECT reference, state = 'DONE' AND label IS NOT NULL AND identifier <> '' FROM shipment WHERE batch_id = $1`, id)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	labelled = map[string]bool{}
	for rows.Next() {
		var ref string
		var ok bool
		if err := rows.Scan(&ref, &ok); err != nil {
			t.Fatal(err)
		}
		labelled[ref] = ok
	}
	return status, processed, labelled
}

// oneLabelEach checks that every shipment holds a label and the simulator
// made exactly one for its reference, and no more labels than shipments.
func (s *stack) oneLabelEach(t testing.TB, id int64, n int) {
	t.Helper()
	status, processed, labelled := s.sent(t, id)
	if status != batch.Sent || processed != n {
		t.Errorf("batch %s with %d of %d processed, want SENT", status, processed, n)
	}
	if len(labelled) != n {
		t.Fatalf("%d shipments, want %d", len(labelled), n)
	}
	for ref, ok := range labelled {
		if !ok {
			t.Errorf("%s has no label stored", ref)
		}
		if got := s.sim.Issued(ref); got != 1 {
			t.Errorf("%s: the carrier made %d labels", ref, got)
		}
	}
	if totals := s.sim.Totals(); totals.Labels != n || totals.Duplicates != 0 {
		t.Errorf("the carrier made %d labels (%d references twice) for %d shipments", totals.Labels, totals.Duplicates, n)
	}
}
