package rpc_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"parcelportal/adapters/pdf"
	"parcelportal/adapters/postgres"
	"parcelportal/adapters/postgres/postgrestest"
	"parcelportal/adapters/rpc"
	"parcelportal/adapters/secrets"
	"parcelportal/app/batches"
	"parcelportal/app/demo"
	"parcelportal/core/batch"
	"parcelportal/core/batchcsv/batchcsvtest"
	"parcelportal/core/customer"
)

// BenchmarkUploadBatch2000 measures spec 2's upload target: POST
// web/api/batches with a 2000-row CSV (base64 in JSON) through a real HTTP
// server until the batch and its 2000 validated rows are stored in
// Postgres. Target: under 300 ms per upload. It reports ms/op.
func BenchmarkUploadBatch2000(b *testing.B) {
	upload := uploadAPI(b)
	if got := upload(); got["rowCount"] != float64(batch.MaxRows) || got["invalidRows"] != float64(0) {
		b.Fatalf("warm-up upload = %v", got)
	}
	b.ResetTimer()
	start := time.Now()
	for b.Loop() {
		upload()
	}
	b.ReportMetric(float64(time.Since(start).Milliseconds())/float64(b.N), "ms/op")
}

// BenchmarkListValidatedShipments2000 measures what the batch page loads
// for its grid: GET web/api/batches/{id}/validatedShipments of 2000 rows,
// read from PostgreSQL and sent as JSON. It reports ms/op.
func BenchmarkListValidatedShipments2000(b *testing.B) {
	upload := uploadAPI(b)
	created := upload()
	url := created["__url"].(string) + "/web/api/batches/" + fmt.Sprint(created["id"]) + "/validatedShipments"
	bearer := created["__bearer"].(string)
	get := func() int {
		req, _ := http.NewRequest("GET", url, nil)
		req.Header.Set("Authorization", bearer)
		rsp, err := http.DefaultClient.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		defer rsp.Body.Close()
		n, _ := io.Copy(io.Discard, rsp.Body)
		if rsp.StatusCode != http.StatusOK {
			b.Fatalf("GET validatedShipments = %d", rsp.StatusCode)
		}
		return int(n)
	}
	b.SetBytes(int64(get()))
	b.ResetTimer()
	start := time.Now()
	for b.Loop() {
		get()
	}
	b.ReportMetric(float64(time.Since(start).Milliseconds())/float64(b.N), "ms/op")
}

// uploadAPI serves the batch service over HTTP on a fresh schema with the
// demo bakery and answers a function that uploads 2000 rows for it; the
// answer carries the server's address and the bearer as __url and __bearer.
func uploadAPI(b *testing.B) func() map[string]any {
	b.Helper()
	pool := postgrestest.NewPool(b)
	ctx := context.Background()
	if err := (postgres.DemoDirectory{Pool: pool}).SaveOrganisation(ctx, demo.DemoOrganisation()); err != nil {
		b.Fatal(err)
	}
	box, err := secrets.NewBox(secrets.DevelopmentKey)
	if err != nil {
		b.Fatal(err)
	}
	customers := postgres.Customers{Pool: pool, Sealer: box}
	var customerID int64
	if err := pool.QueryRow(ctx, `SELECT id FROM customer WHERE crmid = $1`, demo.BakeryCRMID).Scan(&customerID); err != nil {
		b.Fatal(err)
	}
	// The contract batchcsvtest rows are valid for.
	if _, err := customers.Update(ctx, customerID, func(c *customer.Customer) error {
		c.APIClient = customer.ClientShipping
		c.AvailableFeatures = []customer.Feature{
			{Product: "EPAQSTD", Service: "CUP", Options: []string{"SIGN"}}, {Product: "EPAQPLS", Service: "CUP", Options: []string{"SIGN", "INS"}},
			{Product: "EPAQPLS", Service: "CPP", Options: []string{"SIGN"}}, {Product: "EPAQSCT", Service: "CPP", Options: []string{"SIGN", "INS"}},
		}
		c.EORICountryThresholds = nil
		return nil
	}); err != nil {
		b.Fatal(err)
	}
	store := postgres.Batches{Pool: pool}
	svc := batches.Service{Batches: store, Rows: store, Shipments: store, Documents: store, Exchanges: store,
		Customers: customers, Hubs: postgres.Hubs{Pool: pool},
		Catalogs: postgres.Catalog{Pool: pool}, Queue: &recordingQueue{}, Merge: pdf.Merge, Invoices: pdf.CommercialInvoices{}}
	api, err := rpc.NewAPI(rpc.Handlers{Batches: rpc.BatchHandler{Batches: svc}, Callers: customerBearers{}}, http.NotFoundHandler())
	if err != nil {
		b.Fatal(err)
	}
	srv := httptest.NewServer(api)
	b.Cleanup(srv.Close)

	body := fmt.Sprintf(`{"csv":%q,"csvFileName":"2000.csv","customer":{"id":%d}}`,
		base64.StdEncoding.EncodeToString(batchcsvtest.Generate(batch.MaxRows)), customerID)
	upload := func() map[string]any {
		req, _ := http.NewRequest("POST", srv.URL+"/web/api/batches", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer ROLE_USER:"+strconv.FormatInt(customerID, 10))
		rsp, err := srv.Client().Do(req)
		if err != nil {
			b.Fatal(err)
		}
		defer rsp.Body.Close()
		out, _ := io.ReadAll(rsp.Body)
		var got map[string]any
		if rsp.StatusCode != http.StatusOK || json.Unmarshal(out, &got) != nil {
			b.Fatalf("upload = %d %.300s", rsp.StatusCode, out)
		}
		got["__url"], got["__bearer"] = srv.URL, req.Header.Get("Authorization")
		return got
	}
	return upload
}
