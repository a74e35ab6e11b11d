package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"parcelportal/adapters/carrier/carriertest"
	"parcelportal/adapters/postgres"
	"parcelportal/adapters/postgres/postgrestest"
	"parcelportal/app/batchjob"
	"parcelportal/app/demo"
	"parcelportal/core/carrier"
)

// TestCustomsDocumentsAreCollectedOnceFromTheCarrier wires the collection
// as the worker does, over the real PostgreSQL and the embedded carrier
// simulator: the bakery's parcel to Switzerland is manifested at the
// carrier, the carrier publishes its customs document, the collector
// stores it once however often it ticks, and the carrier's list is empty
// after; the parcel to the Netherlands needs none.
func TestCustomsDocumentsAreCollectedOnceFromTheCarrier(t *testing.T) {
	t.Parallel()
	db := newDemoDatabase(t)
	ctx := context.Background()
	bakery := db.customer(t, demo.BakeryCRMID)
	side := carrierOf(config{TrackingURL: "http://127.0.0.1:1"})
	c, err := (postgres.Customers{Pool: db.pool, Sealer: db.box}).Get(ctx, bakery)
	if err != nil {
		t.Fatal(err)
	}
	creds, ok := batchjob.CredentialsOf(c)
	if !ok {
		t.Fatal("the bakery has no carrier login")
	}
	var ids []string
	for i, country := range []string{"CH", "NL"} {
		postal := map[string]string{"CH": "8001", "NL": "1012AB"}[country]
		l, err := side.client.AddAndPrint(ctx, creds, carrier.Request{Reference: "collect-" + country, LabelType: carrier.LabelPDF,
			Shipment: carriertest.Shipment(country, postal), SenderHub: "DE"})
		if err != nil {
			t.Fatalf("label %d: %v", i, err)
		}
		ids = append(ids, l.Identifier)
	}
	if _, err := side.client.CreateManifest(ctx, creds, "collect-manifest", ids); err != nil {
		t.Fatal(err)
	}
	// The portal's side of the manifest: a batch of the bakery made a manifest today.
	postgrestest.PutShipment(t, db.pool, postgrestest.Shipment{Customer: bakery, BatchStatus: "MANIFEST_CREATED", Identifier: ids[0]})
	if _, err := db.pool.Exec(ctx, `UPDATE batch SET manifest_created_at = now() WHERE customer_id = $1`, bakery); err != nil {
		t.Fatal(err)
	}
	collector := customsCollectorOf(db.pool, db.box, side)
	for range 3 {
		if err := collector.Tick(ctx); err != nil {
			t.Fatal(err)
		}
	}
	docs, err := postgres.CustomsDocuments{Pool: db.pool}.List(ctx, []int64{bakery}, 10)
	if err != nil || len(docs) != 1 {
		t.Fatalf("stored = %+v, %v", docs, err)
	}
	d := docs[0]
	if d.Identifier != ids[0] || d.Source != "CARRIER" || d.UploadedBy != "carrier" || d.CRMID != demo.BakeryCRMID ||
		!strings.HasSuffix(d.Filename, ".pdf") || d.Size < 100 || time.Since(d.UploadedAt) > time.Minute {
		t.Errorf("stored document = %+v", d)
	}
	left, err := side.client.PublishedCustomsDocuments(ctx, creds, 10)
	if err != nil || len(left) != 0 {
		t.Errorf("the carrier still lists %d documents (%v)", len(left), err)
	}
}
