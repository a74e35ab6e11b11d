package postgres_test

import (
	"context"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/adapters/postgres"
	"parcelportal/adapters/postgres/postgrestest"
)

// benchShipments and benchCustomers size the report benchmark (issue 12):
// 1,000,000 shipments of 10 customers, 100,000 each, over the last 70
// days (about 10,000 a week per customer), a tenth of them batch rows.
const (
	benchShipments = 1_000_000
	benchCustomers = 10
	benchDays      = 70
)

// seedReportBench writes the shipments with generate_series and answers
// the customer ids.
func seedReportBench(b *testing.B, pool *pgxpool.Pool) []int64 {
	b.Helper()
	ctx := context.Background()
	first := demoCustomers(b, pool)[0]
	if _, err := pool.Exec(ctx, `INSERT INTO customer (name, crmid, hub_id)
		SELECT 'Bench ' || g, 'DE' || lpad(g::text, 8, '9'), hub_id FROM customer, generate_series(1, $1) g WHERE id = $2`,
		benchCustomers-2, first); err != nil {
		b.Fatal(err)
	}
	var customers []int64
	rows, _ := pool.Query(ctx, `SELECT id FROM customer ORDER BY id`)
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			b.Fatal(err)
		}
		customers = append(customers, id)
	}
	if err := rows.Err(); err != nil || len(customers) < benchCustomers {
		b.Fatalf("customers %v: %v", customers, err)
	}
	customers = customers[:benchCustomers]
	seedReportShipments(b, pool, customers, benchShipments, benchDays)
	return customers
}

// seedReportShipments writes n shipments spread evenly over the customers
// and the last days days, a tenth of them batch rows, every fiftieth failed.
func seedReportShipments(tb testing.TB, pool *pgxpool.Pool, customers []int64, n, days int) {
	tb.Helper()
	ctx := context.Background()
	statements := []string{
		// The parcel count's trigger would update one counter row per
		// parcel in one transaction (slower with every row); the counts
		// are made once at the end instead, as migration 00020 makes them.
		`ALTER TABLE validated_shipment DISABLE TRIGGER parcel_count_insert`,
		// One batch per 1000 shipments of the tenth that are batch rows.
		`INSERT INTO batch (customer_id, csv_file_name, csv, status, created_by, label_type)
			SELECT c, 'bench.csv', '', (ARRAY['SENT','MANIFEST_CREATED','CREATING_MANIFEST'])[1 + g % 3], 'bench', 'PDF'
			FROM unnest($1::bigint[]) c, generate_series(1, $2 / 10000) g`,
		`INSERT INTO validated_shipment (batch_id, position, fields, order_lines, valid, customer_id, source, label_type)
			SELECT CASE WHEN g % 10 = 0 THEN (SELECT min(id) FROM batch) + (g / 1000) % (SELECT count(*) FROM batch) END,
				g, jsonb_build_object('postalcode', jsonb_build_object('value', lpad((g % 99999)::text, 5, '0')),
					'city', jsonb_build_object('value', 'City ' || g % 500),
					'weight', jsonb_build_object('value', '1.5'),
					'format', jsonb_build_object('value', (ARRAY['E','G','P'])[1 + g % 3])),
				'[{"quantity":{"value":"2"},"value":{"value":"10"}}]', true,
				($1::bigint[])[1 + g % $3], CASE WHEN g % 10 = 0 THEN 'BATCH' ELSE 'INDIVIDUAL_PARCEL' END, 'PDF'
			FROM generate_series(1, $2) g`,
		`UPDATE validated_shipment v SET customer_id = b.customer_id FROM batch b WHERE b.id = v.batch_id`,
		`INSERT INTO shipment (batch_id, validated_shipment_id, customer_id, position, reference, state, success,
				identifier, submitted_at, created_at, reference_number, receiver_name, product, service, destination, api_client)
			SELECT v.batch_id, v.id, v.customer_id, v.position, 'bench-' || v.id,
				CASE WHEN v.id % 50 = 0 THEN 'FAILED' ELSE 'DONE' END, v.id % 50 <> 0,
				'TR' || v.id, t, t, 'ORD-' || v.id,
				(ARRAY['Anna','Bernd','Carla','Dieter','Eva','Franz','Greta','Hans'])[1 + v.id % 8] || ' ' ||
					(ARRAY['Gruber','Huber','Maier','Schmidt','Wagner','Bauer','Fischer','Weber'])[1 + (v.id / 8) % 8] || ' ' || v.id,
				(ARRAY['EPAQSTD','EPAQPLS','EPAQSCT'])[1 + v.id % 3], (ARRAY['CUP','CPP'])[1 + v.id % 2],
				(ARRAY['AT','DE','NL','IT','ES','FR'])[1 + v.id % 6], 'SHIPPING'
			FROM validated_shipment v,
				LATERAL (SELECT now() - (v.position::float8 / $1 * $2) * interval '1 day' AS t) d`,
		`ALTER TABLE validated_shipment ENABLE TRIGGER parcel_count_insert`,
		`INSERT INTO parcel_count AS c (customer_id, source, api_client, manifested, n)
			SELECT customer_id, source, api_client, batch_id IS NOT NULL, count(*) FROM validated_shipment
			WHERE source <> 'BATCH' GROUP BY 1, 2, 3, 4
			ON CONFLICT (customer_id, source, api_client, manifested) DO UPDATE SET n = excluded.n`,
		`ANALYZE batch`, `ANALYZE validated_shipment`, `ANALYZE shipment`,
	}
	args := [][]any{nil, {customers, n}, {customers, n, len(customers)}, nil, {n, days}, nil, nil, nil, nil, nil}
	for i, s := range statements {
		if _, err := pool.Exec(ctx, s, args[i]...); err != nil {
			tb.Fatalf("seed statement %d: %v", i, err)
		}
	}
}

// BenchmarkReportFirstPage is the first page of 100 of one customer's last
// 7 days with one criterion, then with a recipient-name search, among a
// million shipments. It reports the 95th percentile (targets: under 50 ms
// and under 150 ms).
func BenchmarkReportFirstPage(b *testing.B) {
	pool := postgrestest.NewPool(b)
	customers := seedReportBench(b, pool)
	store := postgres.Reports{Pool: pool}
	for _, c := range []struct{ name, filter string }{
		{"one criterion", `{"searchCriteria":{"products":["EPAQPLS"]}}`},
		{"recipient name", `{"searchCriteria":{"recipientName":"huber"}}`},
		{"fulfillment of 3 customers", `{"searchCriteria":{}}`},
	} {
		b.Run(c.name, func(b *testing.B) {
			scope := customers[:1]
			if c.name == "fulfillment of 3 customers" {
				scope = customers[:3]
			}
			q := reportQuery(b, c.filter, scope...)
			if os.Getenv("REPORT_EXPLAIN") != "" {
				plan, err := store.ExplainReport(context.Background(), q)
				if err != nil {
					b.Fatal(err)
				}
				b.Log(plan)
			}
			var took []time.Duration
			for b.Loop() {
				start := time.Now()
				page, err := store.Search(context.Background(), q)
				took = append(took, time.Since(start))
				if err != nil || len(page.Rows) != 100 {
					b.Fatalf("%d rows: %v", len(page.Rows), err)
				}
			}
			slices.Sort(took)
			b.ReportMetric(float64(took[len(took)*95/100].Microseconds())/1000, "p95-ms")
		})
	}
}
