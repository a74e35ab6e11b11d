package rpc_test

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"parcelportal/adapters/carrier/carriertest"
	"parcelportal/adapters/carrier/labels"
	"parcelportal/adapters/postgres"
	"parcelportal/adapters/postgres/postgrestest"
	"parcelportal/adapters/rpc"
	"parcelportal/adapters/rpc/rpctest"
	"parcelportal/app/customsdocs"
	"parcelportal/app/demo"
	"parcelportal/core/customsdoc"
)

// BenchmarkBulkDownload200CustomsDocuments: POST
// web/api/customs-documents/bulk-download naming 200 customs documents
// (the carrier simulator's PDFs) through a real HTTP server on PostgreSQL,
// until the whole zip is read. Issue 12's target: under 1 s; it reports
// ms/op and the zip's size.
func BenchmarkBulkDownload200CustomsDocuments(b *testing.B) {
	pool := postgrestest.NewPool(b)
	ctx := context.Background()
	if err := (postgres.DemoDirectory{Pool: pool}).SaveOrganisation(ctx, demo.DemoOrganisation()); err != nil {
		b.Fatal(err)
	}
	store := postgres.CustomsDocuments{Pool: pool}
	bakery, err := store.CustomerOf(ctx, demo.BakeryCRMID)
	if err != nil {
		b.Fatal(err)
	}
	ids := make([]string, customsdoc.MaxBulk)
	now := time.Now()
	for i := range ids {
		identifier := fmt.Sprintf("CH%09dDE", i)
		doc, err := labels.CustomsPDF(labels.CustomsFromDraft(identifier, "DE", carriertest.Shipment("CH", "8001"), now))
		if err != nil {
			b.Fatal(err)
		}
		d, _, err := store.Add(ctx, customsdoc.Document{CustomerID: bakery, Identifier: identifier, Source: customsdoc.SourceCarrier,
			CarrierDocumentID: "CD-" + identifier, Filename: customsdoc.CarrierFilename(identifier), ContentType: "application/pdf",
			UploadedAt: now, UploadedBy: customsdoc.UploadedByCarrier}, doc)
		if err != nil {
			b.Fatal(err)
		}
		ids[i] = strconv.FormatInt(d.ID, 10)
	}
	srv := serveAPI(b, rpc.Handlers{CustomsDocs: rpc.CustomsDocumentHandler{CustomsDocs: customsdocs.Service{Store: store}},
		Callers: customerBearers{}})
	body := `{"documentIds":[` + strings.Join(ids, ",") + `]}`
	bearer := "ROLE_USER:" + strconv.FormatInt(bakery, 10)
	var size int
	start := time.Now()
	for b.Loop() {
		rsp, zipped := rpctest.Call(b, srv.Client(), "POST", srv.URL+"/web/api/customs-documents/bulk-download", bearer, body)
		if rsp.StatusCode != http.StatusOK {
			b.Fatalf("bulk download = %d %s", rsp.StatusCode, zipped)
		}
		size = len(zipped)
	}
	b.ReportMetric(float64(time.Since(start).Microseconds())/1000/float64(b.N), "ms/op")
	b.ReportMetric(float64(size)/1024, "zip-KiB")
}
