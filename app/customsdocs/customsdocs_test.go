package customsdocs_test

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"parcelportal/adapters/memory"
	"parcelportal/adapters/ziparchive"
	"parcelportal/app/customsdocs"
	"parcelportal/core/access"
	"parcelportal/core/carrier"
	"parcelportal/core/customer"
	"parcelportal/core/customsdoc"
	"parcelportal/core/failure"
)

// carrierDesk is a carrier that publishes documents until they are
// acknowledged; ackFails makes that many acknowledgements fail first (the
// worker dies after storing, before acknowledging).
type carrierDesk struct {
	docs     map[string][]carrier.CustomsDocument
	ackFails int
	listed   int
}

func (c *carrierDesk) PublishedCustomsDocuments(_ context.Context, cr carrier.Credentials, max int) ([]carrier.CustomsDocument, error) {
	c.listed++
	d := c.docs[cr.CustomerCRMID]
	return slices.Clone(d[:min(max, len(d))]), nil
}

func (c *carrierDesk) AcknowledgeCustomsDocuments(_ context.Context, cr carrier.Credentials, ids []string) error {
	if c.ackFails > 0 {
		c.ackFails--
		return carrier.ErrUnavailable
	}
	c.docs[cr.CustomerCRMID] = slices.DeleteFunc(c.docs[cr.CustomerCRMID], func(d carrier.CustomsDocument) bool { return slices.Contains(ids, d.ID) })
	return nil
}

func shipper(id int64, crmid string) customer.Customer {
	c := customer.Customer{ID: id, CRMID: crmid, APIUsername: "demo"}
	c.Credentials.APIPassword = "portal-demo"
	return c
}

func TestCollectStoresEachDocumentOnceAcrossACrash(t *testing.T) {
	store := memory.NewCustomsDocuments(map[string]int64{"DE10000001": 1, "NL20000002": 2})
	store.Shippers = []customer.Customer{shipper(1, "DE10000001"), shipper(2, "NL20000002"), {ID: 3, CRMID: "DE30000003"}}
	desk := &carrierDesk{ackFails: 1, docs: map[string][]carrier.CustomsDocument{
		"DE10000001": {{ID: "CD-1", Identifier: "T1", Content: []byte("%PDF-1")}, {ID: "CD-2", Identifier: "T2", Filename: "../x.pdf", Content: []byte("%PDF-2")},
			{ID: "CD-3", Identifier: "T3", Content: []byte("%PDF-3")}},
		"NL20000002": {{ID: "CD-1", Identifier: "N1", Content: []byte("%PDF-n")}},
	}}
	c := customsdocs.Collector{Store: store, Shippers: store, Publisher: desk, Page: 2}
	// The first acknowledgement fails: the tick reports it, the documents are stored.
	if err := c.Tick(context.Background()); !errors.Is(err, carrier.ErrUnavailable) {
		t.Fatalf("first tick = %v", err)
	}
	for range 2 {
		if err := c.Tick(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	mine, _ := store.List(context.Background(), []int64{1}, 10)
	theirs, _ := store.List(context.Background(), []int64{2}, 10)
	if len(mine) != 3 || len(theirs) != 1 || len(desk.docs["DE10000001"]) != 0 || len(desk.docs["NL20000002"]) != 0 {
		t.Fatalf("stored %d and %d, carrier keeps %v", len(mine), len(theirs), desk.docs)
	}
	names := map[string]bool{}
	for _, d := range mine {
		names[d.Filename] = true
		if d.Source != customsdoc.SourceCarrier || d.UploadedBy != customsdoc.UploadedByCarrier {
			t.Errorf("document %+v", d)
		}
	}
	if !names["customs-T1.pdf"] || !names["x.pdf"] {
		t.Errorf("file names %v", names)
	}
}

func TestListAndDownloadFollowTheCallersCustomers(t *testing.T) {
	ctx := context.Background()
	store := memory.NewCustomsDocuments(map[string]int64{"DE10000001": 1, "NL20000002": 2, "NL30000003": 3})
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	var ids []int64
	for _, cid := range []int64{1, 2, 3} {
		d, _, _ := store.Add(ctx, customsdoc.Document{CustomerID: cid, Source: customsdoc.SourceUpload, Filename: "d.pdf",
			ContentType: "application/pdf", UploadedAt: at, UploadedBy: "admin"}, []byte("%PDF"))
		ids = append(ids, d.ID)
	}
	s := customsdocs.Service{Store: store, Now: func() time.Time { return at }}
	fulfiller := &access.Caller{Login: "ful", Roles: []access.Role{access.User}, FulfillmentID: 9, FulfillmentCustomers: []int64{2, 3}}
	all, err := s.List(ctx, fulfiller, "")
	if err != nil || len(all) != 2 {
		t.Fatalf("a fulfillment's documents = %v, %v", all, err)
	}
	if got, err := s.List(ctx, fulfiller, "NL30000003"); err != nil || len(got) != 1 || got[0].ID != ids[2] {
		t.Errorf("one of its customers = %v, %v", got, err)
	}
	if _, err := s.List(ctx, fulfiller, "DE10000001"); !failure.HasKey(err, customsdoc.KeyNotFound) {
		t.Errorf("a customer it does not act for = %v", err)
	}
	if _, err := s.Download(ctx, fulfiller, ids[0]); !failure.HasKey(err, customsdoc.KeyNotFound) {
		t.Errorf("download of another customer's document = %v", err)
	}
	if f, err := s.Download(ctx, fulfiller, ids[1]); err != nil || string(f.Data) != "%PDF" {
		t.Errorf("download = %v, %v", f, err)
	}
	// Nobody without a customer sees anything; staff see all.
	if got, err := s.List(ctx, &access.Caller{Roles: []access.Role{access.User}}, ""); err != nil || len(got) != 0 {
		t.Errorf("a user without customer = %v, %v", got, err)
	}
	if got, _ := s.List(ctx, &access.Caller{Roles: []access.Role{access.Operations}}, ""); len(got) != 3 {
		t.Errorf("operations = %d documents", len(got))
	}
	if _, err := s.List(ctx, &access.Caller{Roles: []access.Role{access.API}, CustomerID: 1}, ""); !failure.HasKey(err, "error.forbidden") {
		t.Errorf("an API login = %v", err)
	}
}

// brokenWriter takes limit bytes, then fails as a connection the browser
// closed would.
type brokenWriter struct{ limit int }

func (w *brokenWriter) Write(p []byte) (int, error) {
	if len(p) > w.limit {
		return 0, errors.New("connection reset by peer")
	}
	w.limit -= len(p)
	return len(p), nil
}

func TestBulkDownloadRecordsOnlyAZipHandedOverWhole(t *testing.T) {
	ctx := context.Background()
	store := memory.NewCustomsDocuments(map[string]int64{"DE10000001": 1})
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	var ids []int64
	for _, name := range []string{"a.pdf", "b.pdf"} {
		d, _, _ := store.Add(ctx, customsdoc.Document{CustomerID: 1, Source: customsdoc.SourceUpload, Filename: name,
			ContentType: "application/pdf", UploadedAt: at, UploadedBy: "admin"}, bytes.Repeat([]byte("%PDF"), 4096))
		ids = append(ids, d.ID)
	}
	s := customsdocs.Service{Store: store, Now: func() time.Time { return at }}
	user := &access.Caller{Login: "anna", Roles: []access.Role{access.User}, CustomerID: 1}
	if err := s.BulkDownload(ctx, user, ids, ziparchive.Writer{}, &brokenWriter{limit: 100}); err == nil {
		t.Fatal("a zip that could not be sent whole reported no error")
	}
	docs, _ := s.List(ctx, user, "")
	for _, d := range docs {
		if !d.LastDownloadedAt.IsZero() {
			t.Fatalf("a broken-off download was recorded: %+v", d)
		}
	}
	var zipped bytes.Buffer
	if err := s.BulkDownload(ctx, user, ids, ziparchive.Writer{}, &zipped); err != nil {
		t.Fatal(err)
	}
	docs, _ = s.List(ctx, user, "")
	for _, d := range docs {
		if !d.LastDownloadedAt.Equal(at) || d.LastDownloadedBy != "anna" {
			t.Errorf("a whole download not recorded: %+v", d)
		}
	}
}
