package rpc_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"parcelportal/adapters/postgres"
	"parcelportal/adapters/postgres/postgrestest"
	"parcelportal/adapters/rpc"
	"parcelportal/app/addresses"
	"parcelportal/app/demo"
	"parcelportal/core/addressbook"
)

// addressBookBench serves the address book on Postgres with the demo
// organisation; bearer acts for the bakery.
func addressBookBench(b *testing.B) (url, bearer string, customerID int64, store postgres.AddressBook) {
	b.Helper()
	pool := postgrestest.NewPool(b)
	ctx := context.Background()
	if err := (postgres.DemoDirectory{Pool: pool}).SaveOrganisation(ctx, demo.DemoOrganisation()); err != nil {
		b.Fatal(err)
	}
	if err := pool.QueryRow(ctx, `SELECT id FROM customer WHERE crmid = $1`, demo.BakeryCRMID).Scan(&customerID); err != nil {
		b.Fatal(err)
	}
	store = postgres.AddressBook{Pool: pool}
	srv := serveAPI(b, rpc.Handlers{
		AddressBook: rpc.AddressBookHandler{AddressBook: addresses.Service{Entries: store}},
		Callers:     customerBearers{},
	})
	return srv.URL, "Bearer ROLE_USER:" + strconv.FormatInt(customerID, 10), customerID, store
}

var benchCities = []struct{ city, zip string }{
	{"Berlin", "10115"}, {"Hamburg", "20095"}, {"München", "80331"}, {"Köln", "50667"}, {"Frankfurt", "60311"},
	{"Stuttgart", "70173"}, {"Düsseldorf", "40213"}, {"Leipzig", "04109"}, {"Dortmund", "44135"}, {"Essen", "45127"},
}

// benchAddressCSV is an address-book file of n full rows, distinct per run.
func benchAddressCSV(run, n int) []byte {
	var b bytes.Buffer
	b.WriteString("\uFEFFrecipientNumber;name;contact;street;no;street2;postalcode;city;isoCountry;email;mobile\r\n")
	for i := range n {
		c := benchCities[i%len(benchCities)]
		fmt.Fprintf(&b, "R%d-%d;Empfänger %d-%d;Frau Beispiel;Hauptstraße;%d;Hinterhaus;%s;%s;DE;kunde%d@example.de;+49 170 %07d\r\n",
			run, i, run, i, i%200+1, c.zip, c.city, i, i)
	}
	return b.Bytes()
}

// BenchmarkImportAddressBook10000 measures issue 11's import target: POST
// web/api/address-books/customer/{id}/csv with a 10,000-row file (text/csv)
// through a real HTTP server until every row is read, validated and stored
// in PostgreSQL. Target: under 2 s. It reports ms/op.
func BenchmarkImportAddressBook10000(b *testing.B) {
	url, bearer, customerID, _ := addressBookBench(b)
	endpoint := url + "/web/api/address-books/customer/" + strconv.FormatInt(customerID, 10) + "/csv"
	run := 0
	post := func() {
		run++
		req, _ := http.NewRequest("POST", endpoint, bytes.NewReader(benchAddressCSV(run, addressbook.MaxImportRows)))
		req.Header.Set("Content-Type", "text/csv")
		req.Header.Set("Authorization", bearer)
		rsp, err := http.DefaultClient.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		body, _ := io.ReadAll(rsp.Body)
		rsp.Body.Close()
		if rsp.StatusCode != 200 || !strings.Contains(string(body), `"imported":10000`) {
			b.Fatalf("import = %d %s", rsp.StatusCode, body)
		}
	}
	b.ResetTimer()
	var spent time.Duration
	for b.Loop() {
		start := time.Now()
		post()
		spent += time.Since(start)
	}
	b.ReportMetric(float64(spent.Milliseconds())/float64(b.N), "ms/op")
}

// BenchmarkListAddressBook100000 measures the list's first page (20 rows by
// name) of a customer with 100,000 entries, without and with a search that
// finds a tenth of them, through REST. It reports ms/op.
func BenchmarkListAddressBook100000(b *testing.B) {
	url, bearer, customerID, store := addressBookBench(b)
	ctx := context.Background()
	for run := range 10 {
		rows, err := addressbook.Read(benchAddressCSV(run, addressbook.MaxImportRows))
		if err != nil {
			b.Fatal(err)
		}
		addresses := make([]addressbook.Address, len(rows))
		for i, r := range rows {
			addresses[i] = r.Address
		}
		if n, err := store.Import(ctx, customerID, addresses); err != nil || n != addressbook.MaxImportRows {
			b.Fatalf("seed = %d, %v", n, err)
		}
	}
	// Autovacuum vacuums and analyzes a table grown this much within a
	// minute; the benchmark does not wait for it.
	if _, err := store.Pool.Exec(ctx, "VACUUM ANALYZE address_book_entry"); err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct{ name, query, total string }{
		{"first page", "", "100000"},
		{"search city", "?search=berlin", "10000"},
		{"search one", "?search=" + "empf%C3%A4nger%207-4321", "1"},
	} {
		b.Run(c.name, func(b *testing.B) {
			endpoint := url + "/web/api/address-books/customer/" + strconv.FormatInt(customerID, 10) + c.query
			get := func() {
				req, _ := http.NewRequest("GET", endpoint, nil)
				req.Header.Set("Authorization", bearer)
				rsp, err := http.DefaultClient.Do(req)
				if err != nil {
					b.Fatal(err)
				}
				_, _ = io.Copy(io.Discard, rsp.Body)
				rsp.Body.Close()
				if rsp.StatusCode != 200 || rsp.Header.Get("X-Total-Count") != c.total {
					b.Fatalf("list = %d, total %q, want %s", rsp.StatusCode, rsp.Header.Get("X-Total-Count"), c.total)
				}
			}
			get()
			b.ResetTimer()
			start := time.Now()
			for b.Loop() {
				get()
			}
			b.ReportMetric(float64(time.Since(start).Microseconds())/1000/float64(b.N), "ms/op")
		})
	}
}
