package main

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"parcelportal/core/batchcsv/batchcsvtest"
)

// BenchmarkListsOverREST: the three lists of issue 26 beside the floor
// (GET management/version), through the whole portal as main wires it (the
// REST facade, the interceptors, PostgreSQL), 16 clients at once, signed in
// by the test bearers (no Kratos: the session cache's hit is not what is
// measured). The bakery holds a sent batch of 20 rows and 20 parcels; each
// list asks for its first 20. Compare the req/s figures (1e9 / ns/op) of
// one run; with -cpuprofile, where each list's time goes.
func BenchmarkListsOverREST(b *testing.B) {
	srv, bakery := contractPortal(b)
	// Keep-alive for every client, as a browser or load tool holds it.
	srv.Client().Transport.(*http.Transport).MaxIdleConnsPerHost = 64
	bearer := "Bearer ROLE_USER:" + strconv.FormatInt(bakery, 10)
	call := func(method, path, body string) []byte {
		req, _ := http.NewRequest(method, srv.URL+path, strings.NewReader(body))
		req.Header.Set("Authorization", bearer)
		req.Header.Set("Content-Type", "application/json")
		rsp, err := srv.Client().Do(req)
		if err != nil {
			b.Fatal(err)
		}
		defer rsp.Body.Close()
		out, _ := io.ReadAll(rsp.Body)
		if rsp.StatusCode != http.StatusOK {
			b.Fatalf("%s %s = %d %s", method, path, rsp.StatusCode, out)
		}
		return out
	}
	upload := fmt.Sprintf(`{"csv":%q,"csvFileName":"bench.csv","customer":{"id":%d}}`, base64.StdEncoding.EncodeToString(batchcsvtest.Generate(20)), bakery)
	var created struct{ ID string }
	_ = json.Unmarshal(call("POST", "/web/api/batches", upload), &created)
	call("POST", "/web/api/batches/"+created.ID+"/_send", `{"labelType":"PDF"}`)
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(100 * time.Millisecond) {
		var got struct{ Status string }
		_ = json.Unmarshal(call("GET", "/web/api/batches/"+created.ID, ""), &got)
		if got.Status == "SENT" {
			break
		}
		if time.Now().After(deadline) {
			b.Fatalf("batch %s still %s", created.ID, got.Status)
		}
	}
	for i := range 20 {
		call("POST", fmt.Sprintf("/web/api/customers/%d/parcels", bakery), `{"labelType":"PDF","csvShipmentDTO":`+form(fmt.Sprintf("Bench %d", i), false)+`}`)
	}
	filter := url.QueryEscape(`{"searchCriteria":{},"page":0,"size":20}`)
	customer := strconv.FormatInt(bakery, 10)
	for _, list := range []struct{ name, path string }{
		{"floor", "/management/version"},
		{"batches", "/web/api/batches?customerId=" + customer + "&page=0&pageSize=20"},
		{"parcels", "/web/api/parcels?customerId=" + customer + "&page=0&pageSize=20"},
		{"reports", "/web/api/reports?pageableFilter=" + filter},
	} {
		b.Run(list.name, func(b *testing.B) {
			var bytes int
			b.SetParallelism(8) // 16 clients on 2 cores
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					req, _ := http.NewRequest("GET", srv.URL+list.path, nil)
					req.Header.Set("Authorization", bearer)
					rsp, err := srv.Client().Do(req)
					if err != nil {
						b.Error(err)
						return
					}
					n, _ := io.Copy(io.Discard, rsp.Body)
					rsp.Body.Close()
					if rsp.StatusCode != http.StatusOK {
						b.Errorf("%s = %d", list.path, rsp.StatusCode)
						return
					}
					bytes = int(n)
				}
			})
			b.ReportMetric(float64(bytes), "B/answer")
		})
	}
}
