// Package storetest holds the contract test of the customs document
// store, run against Postgres and the in-memory fake alike.
package storetest

import (
	"bytes"
	"context"
	"testing"
	"time"

	"parcelportal/app/customsdocs"
	"parcelportal/core/customsdoc"
	"parcelportal/core/failure"
)

// Contract checks CustomerOf, Add (a carrier document stored once per
// customer; an unknown customer), List's scope and order, Describe, and
// Read (contents in the order asked, nothing recorded), RecordDownloads, and
// a missing id.
// crmids are two existing customers' CRM ids with their ids.
func Contract(t *testing.T, store customsdocs.Store, crmids [2]string, ids [2]int64, missing int64) {
	ctx := context.Background()
	a, b := ids[0], ids[1]
	if got, err := store.CustomerOf(ctx, crmids[0]); err != nil || got != a {
		t.Fatalf("CustomerOf = %d, %v", got, err)
	}
	if _, err := store.CustomerOf(ctx, "ZZ99999999"); !notFound(err) {
		t.Fatalf("CustomerOf an unknown CRM id = %v", err)
	}
	t0 := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	add := func(customerID int64, carrierID string, at time.Time, data string) (customsdoc.Document, bool) {
		t.Helper()
		source := customsdoc.SourceUpload
		if carrierID != "" {
			source = customsdoc.SourceCarrier
		}
		d, created, err := store.Add(ctx, customsdoc.Document{CustomerID: customerID, Identifier: "ID-" + data, Source: source,
			CarrierDocumentID: carrierID, Filename: data + ".pdf", ContentType: "application/pdf", UploadedAt: at, UploadedBy: "carrier"}, []byte(data))
		if err != nil {
			t.Fatalf("Add %s = %v", data, err)
		}
		return d, created
	}
	first, created := add(a, "CD-1", t0, "first")
	if !created || first.ID == 0 || first.CRMID != crmids[0] || first.Size != 5 || !first.UploadedAt.Equal(t0) ||
		first.Identifier != "ID-first" || !first.LastDownloadedAt.IsZero() || first.LastDownloadedBy != "" {
		t.Fatalf("Add = %+v, %v", first, created)
	}
	// The same carrier document again is not stored twice, whatever it carries.
	again, created := add(a, "CD-1", t0.Add(time.Hour), "other")
	if created || again.ID != first.ID {
		t.Fatalf("Add of the same carrier document = %+v, %v", again, created)
	}
	// Another customer may hold a document of the same carrier id.
	foreign, created := add(b, "CD-1", t0, "foreign")
	if !created || foreign.ID == first.ID || foreign.CRMID != crmids[1] {
		t.Fatalf("Add for another customer = %+v, %v", foreign, created)
	}
	second, _ := add(a, "", t0.Add(time.Minute), "second")
	if _, _, err := store.Add(ctx, customsdoc.Document{CustomerID: missing, Source: customsdoc.SourceUpload, Filename: "x.pdf",
		ContentType: "application/pdf", UploadedAt: t0, UploadedBy: "x"}, []byte("x")); !notFound(err) {
		t.Fatalf("Add for a missing customer = %v", err)
	}
	list, err := store.List(ctx, []int64{a}, 10)
	if err != nil || len(list) != 2 || list[0].ID != second.ID || list[1].ID != first.ID {
		t.Fatalf("List = %+v, %v", list, err)
	}
	if list, _ := store.List(ctx, []int64{a}, 1); len(list) != 1 || list[0].ID != second.ID {
		t.Fatalf("List with a limit = %+v", list)
	}
	if list, _ := store.List(ctx, nil, 10); len(list) != 3 {
		t.Fatalf("List of all = %+v", list)
	}
	if list, err := store.List(ctx, []int64{missing}, 10); err != nil || len(list) != 0 {
		t.Fatalf("List of a customer without documents = %+v, %v", list, err)
	}
	described, err := store.Describe(ctx, []int64{first.ID, foreign.ID, 1 << 40})
	if err != nil || len(described) != 2 {
		t.Fatalf("Describe = %+v, %v", described, err)
	}
	at := t0.Add(48 * time.Hour)
	var got [][]byte
	err = store.Read(ctx, []int64{second.ID, first.ID}, func(d customsdoc.Document, data []byte) error {
		got = append(got, data)
		return nil
	})
	if err != nil || len(got) != 2 || !bytes.Equal(got[0], []byte("second")) || !bytes.Equal(got[1], []byte("first")) {
		t.Fatalf("Read = %q, %v", got, err)
	}
	if list, _ := store.List(ctx, []int64{a}, 10); !list[0].LastDownloadedAt.IsZero() {
		t.Fatalf("a read recorded a download: %+v", list[0])
	}
	if err := store.RecordDownloads(ctx, []int64{second.ID, first.ID}, "anna", at); err != nil {
		t.Fatalf("RecordDownloads = %v", err)
	}
	list, _ = store.List(ctx, []int64{a}, 10)
	for _, d := range list {
		if !d.LastDownloadedAt.Equal(at) || d.LastDownloadedBy != "anna" {
			t.Fatalf("download not recorded: %+v", d)
		}
	}
	if list, _ := store.List(ctx, []int64{b}, 10); !list[0].LastDownloadedAt.IsZero() {
		t.Fatalf("another customer's document recorded a download: %+v", list[0])
	}
	if err := store.Read(ctx, []int64{first.ID, 1 << 40}, func(customsdoc.Document, []byte) error { return nil }); !notFound(err) {
		t.Fatalf("Read of a missing document = %v", err)
	}
	if err := store.RecordDownloads(ctx, []int64{first.ID, 1 << 40}, "anna", at); !notFound(err) {
		t.Fatalf("RecordDownloads of a missing document = %v", err)
	}
}

func notFound(err error) bool {
	e, ok := failure.As(err)
	return ok && e.Kind == failure.NotFound
}
