package main

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"parcelportal/adapters/carrier/simulator"
	"parcelportal/adapters/postgres"
	"parcelportal/core/parcel"
)

// p95 is the 95th percentile of the durations, in milliseconds.
func p95(d []time.Duration) float64 {
	s := slices.Clone(d)
	slices.Sort(s)
	return float64(s[(len(s)*95+99)/100-1].Microseconds()) / 1000
}

// BenchmarkParcelValidateCreateLabel is spec 2 section 4.5 for one parcel
// through REST, as the form does it: validate, create, label, against the
// carrier simulator at zero latency over HTTP. Target: p95 under 50 ms. It
// reports p95-ms and ms/op.
func BenchmarkParcelValidateCreateLabel(b *testing.B) {
	p := newParcelPortal(b, simulator.WithLatency(0))
	user := p.as("ROLE_USER", p.bakery)
	body := form("Bench", false)
	one := func(i int) {
		p.ok(user, "POST", fmt.Sprintf("/web/api/customers/%d/parcels/_validate", p.bakery), body)
		id := p.create(user, p.bakery, fmt.Sprint("Bench", i), false)
		if got := p.ok(user, "POST", "/web/api/parcels/"+id+"/label", ""); got["identifier"] == nil {
			b.Fatalf("label = %v", got)
		}
	}
	one(0) // warm up
	var took []time.Duration
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		start := time.Now()
		one(i + 1)
		took = append(took, time.Since(start))
	}
	b.ReportMetric(p95(took), "p95-ms")
	var sum time.Duration
	for _, d := range took {
		sum += d
	}
	b.ReportMetric(float64(sum.Microseconds())/1000/float64(len(took)), "ms/op")
}

// BenchmarkParcelListNotManifested is the parcel list's first page of 100
// with the NOT_MANIFESTED filter, through REST, for a customer with 100,000
// parcels (half of them in a manifest) in a table of 1,000,000 rows (the
// other customers' parcels and batch rows). Target: p95 under 30 ms. The
// data is generated in the database (generate_series); it reports p95-ms.
func BenchmarkParcelListNotManifested(b *testing.B) {
	p := newParcelPortal(b)
	ctx := context.Background()
	setup := time.Now()
	fields := `'{"name":{"value":"Receiver"},"street":{"value":"Hauptstraße"},"postalcode":{"value":"10115"},"city":{"value":"Berlin"},` +
		`"isoCountry":{"value":"DE"},"referencenumber":{"value":"REF"},"weight":{"value":"1,6"},"product":{"value":"EPAQSTD"},"service":{"value":"CUP"}}'`
	// The rows are loaded without the count triggers, and counted once after,
	// as migration 00020 counts the rows it finds.
	for _, q := range []string{
		`ALTER TABLE validated_shipment DISABLE TRIGGER USER`,
		// One manifest batch of the bakery's and one batch of another customer's CSV rows.
		`INSERT INTO batch (customer_id, csv_file_name, csv, status, created_by) VALUES ($1, 'Single Parcels', '', 'MANIFEST_CREATED', 'bench')`,
		`INSERT INTO batch (customer_id, csv_file_name, csv, status, created_by) VALUES ($2, 'rows.csv', '', 'SENT', 'bench')`,
		// The bakery's 100,000 parcels, every other one manifested, each with its labelled attempt.
		`INSERT INTO validated_shipment (batch_id, position, fields, valid, customer_id, source, label_type, api_client, created_by, created_at)
		 SELECT CASE WHEN i % 2 = 0 THEN (SELECT min(id) FROM batch) END, i, ` + fields + `, true, $1,
			CASE WHEN i % 3 = 0 THEN 'API_PARCEL' ELSE 'INDIVIDUAL_PARCEL' END, 'PDF', 'SHIPPING', 'bench',
			now() - make_interval(secs => i)
		 FROM generate_series(1, 100000) i`,
		`INSERT INTO shipment (batch_id, validated_shipment_id, customer_id, position, reference, state, success, identifier,
			label, label_content_type, label_type, submitted_at)
		 SELECT v.batch_id, v.id, v.customer_id, 0, 'p' || v.id || '-a1', 'DONE', true, 'CX' || v.id, '\x25504446', 'application/pdf', 'PDF', v.created_at
		 FROM validated_shipment v WHERE v.customer_id = $1`,
		// 800,000 parcels of another customer and 100,000 CSV rows: 1,000,000 rows in all.
		`INSERT INTO validated_shipment (batch_id, position, fields, valid, customer_id, source, label_type, api_client, created_by, created_at)
		 SELECT NULL, 0, ` + fields + `, true, $2, 'INDIVIDUAL_PARCEL', 'PDF', 'SHIPPING', 'bench', now() - make_interval(secs => i)
		 FROM generate_series(1, 800000) i`,
		`INSERT INTO validated_shipment (batch_id, position, fields, valid, customer_id, source, created_at)
		 SELECT (SELECT max(id) FROM batch), i, ` + fields + `, true, $2, 'BATCH', now() - make_interval(secs => i)
		 FROM generate_series(1, 100000) i`,
		`INSERT INTO parcel_count (customer_id, source, api_client, manifested, n)
		 SELECT customer_id, source, api_client, batch_id IS NOT NULL, count(*)
		 FROM validated_shipment WHERE source <> 'BATCH' GROUP BY 1, 2, 3, 4
		 ON CONFLICT (customer_id, source, api_client, manifested) DO UPDATE SET n = excluded.n`,
		`ALTER TABLE validated_shipment ENABLE TRIGGER USER`,
	} {
		args := []any{}
		if strings.HasPrefix(q, "INSERT") {
			// Every insert names both customers, so that both are arguments.
			q, args = "WITH c AS (SELECT $1::bigint, $2::bigint) "+q, []any{p.bakery, p.garden}
		}
		if _, err := p.db.pool.Exec(ctx, q, args...); err != nil {
			b.Fatal(err)
		}
	}
	for _, q := range []string{`VACUUM ANALYZE validated_shipment`, `VACUUM ANALYZE shipment`, `ANALYZE batch`} {
		if _, err := p.db.pool.Exec(ctx, q); err != nil {
			b.Fatal(err)
		}
	}
	var rows int
	if err := p.db.pool.QueryRow(ctx, `SELECT count(*) FROM validated_shipment`).Scan(&rows); err != nil || rows != 1_000_000 {
		b.Fatalf("%d rows, %v", rows, err)
	}
	b.Logf("1,000,000 rows generated in %v", time.Since(setup).Round(time.Millisecond))
	user := p.as("ROLE_USER", p.bakery)
	path := fmt.Sprintf("/web/api/parcels?customerId=%d&manifestFilter=NOT_MANIFESTED&page=0&pageSize=100", p.bakery)
	get := func() {
		status, key, body := p.rest(user, "GET", path, "")
		if status != http.StatusOK || len(body) < 100*200 {
			b.Fatalf("list = %d %s (%d bytes)", status, key, len(body))
		}
	}
	get() // warm up
	var took []time.Duration
	b.ResetTimer()
	for b.Loop() {
		start := time.Now()
		get()
		took = append(took, time.Since(start))
	}
	b.ReportMetric(p95(took), "p95-ms")
	// The same page read from the store alone (no HTTP, no JSON): what
	// PostgreSQL takes, apart from the transport.
	b.StopTimer()
	store := postgres.Parcels{Pool: p.db.pool}
	q := parcel.Query{CustomerID: p.bakery, Manifest: parcel.NotManifested, Size: 100}
	var direct []time.Duration
	for range len(took) {
		start := time.Now()
		if list, total, err := store.List(ctx, q); err != nil || len(list) != 100 || total != 50_000 {
			b.Fatalf("store list = %d of %d, %v", len(list), total, err)
		}
		direct = append(direct, time.Since(start))
	}
	b.ReportMetric(p95(direct), "store-p95-ms")
}
