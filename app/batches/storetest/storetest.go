// Package storetest holds the one contract test of the batch store, run
// against Postgres and the in-memory store alike: Contract and History for
// the ports of the batch use cases (app/batches), WorkContract for the
// ports of the job runner (app/batchjob), which the same adapter serves.
package storetest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"reflect"
	"testing"
	"time"

	"parcelportal/app/batches"
	"parcelportal/core/batch"
	"parcelportal/core/failure"
	"parcelportal/core/shipment"
)

var ctx = context.Background()

// Shipment is a shipment as the job runner writes it, with its documents.
type Shipment struct {
	batch.Shipment
	// Open: a job is labelling it (PENDING or SUBMITTING).
	Open         bool
	Label        []byte
	CustomsDoc   []byte
	SOAPRequest  string
	SOAPResponse string
}

// Exchange is a carrier exchange to seed; ShipmentID 0 is the batch's own.
type Exchange struct {
	ShipmentID        int64
	Operation         string
	At                time.Time
	Request, Response string
}

// Seeder writes what the job runner writes, so that the contract can read
// it back: shipments (Open, Cancelled and Success name the state), carrier
// exchanges and manifests.
type Seeder interface {
	PutShipment(t *testing.T, s Shipment) int64
	PutExchange(t *testing.T, batchID int64, e Exchange)
	PutManifest(t *testing.T, batchID int64, doc []byte, at time.Time)
}

// Row is a validated row with the given values; a value starting with "!"
// carries a violation.
func Row(values map[string]string, lines ...map[string]string) shipment.Validated {
	v := shipment.Validated{Fields: map[string]shipment.Value{}, Valid: true}
	cell := func(s string) shipment.Value {
		if len(s) > 0 && s[0] == '!' {
			v.Valid = false
			return shipment.Value{Value: s[1:], Violations: []shipment.Violation{{Key: "test.bad", Attributes: map[string]string{"max": "35"}}}}
		}
		return shipment.Value{Value: s}
	}
	for k, s := range values {
		v.Fields[k] = cell(s)
	}
	for _, l := range lines {
		line := map[string]shipment.Value{}
		for k, s := range l {
			line[k] = cell(s)
		}
		v.OrderLines = append(v.OrderLines, line)
	}
	return v
}

func newBatch(customerID int64, name string) batch.Batch {
	return batch.Batch{CustomerID: customerID, FileName: name, Status: batch.Created, CreatedBy: "anna", LabelType: "PDF"}
}

func isKey(err error, key string) bool { return failure.HasKey(err, key) }

// Store is the batch store as one adapter gives it: every port of
// batches.Service.
type Store interface {
	batches.Batches
	batches.Rows
	batches.Shipments
	batches.Documents
	batches.Exchanges
}

// Contract checks a batch store. customers names two existing customers.
func Contract(t *testing.T, store Store, seed Seeder, customers [2]int64) {
	mine, other := customers[0], customers[1]
	csv := []byte("\xef\xbb\xbfname;city\r\nAnna;Köln\r\n")
	rows := []shipment.Validated{
		Row(map[string]string{"name": "Anna", "city": "Köln", "street": "Rue \"du\" Pont\\1\n\t😀 </x>", "region": ""},
			map[string]string{"description": "Tee", "quantity": "2"}),
		Row(map[string]string{"name": "!" + "Bert", "city": "Bonn"}),
		Row(map[string]string{"name": "Cleo", "invoiceNumber": "INV-1"}),
	}

	byAdmin := newBatch(mine, "orders.csv")
	byAdmin.CreatedByAdmin = true
	created, err := store.Create(ctx, byAdmin, csv, rows)
	if err != nil {
		t.Fatal(err)
	}
	if created.ID <= 0 || created.CreatedAt.IsZero() || created.RowCount != 3 || created.InvalidRows != 1 || !created.HasInvoice ||
		created.Status != batch.Created || created.FileName != "orders.csv" || created.CreatedBy != "anna" || !created.CreatedByAdmin || created.Valid() {
		t.Fatalf("created = %+v", created)
	}

	t.Run("get and the file byte for byte", func(t *testing.T) {
		got, err := store.Get(ctx, created.ID)
		if err != nil || got.ID != created.ID || got.CustomerID != mine || got.RowCount != 3 || got.Counts != (batch.Counts{}) ||
			!got.CreatedByAdmin || got.SentByAdmin || got.ErrorParams != nil {
			t.Fatalf("Get = %+v, %v", got, err)
		}
		file, err := store.CSV(ctx, created.ID)
		if err != nil || !bytes.Equal(file, csv) {
			t.Fatalf("CSV = %q, %v", file, err)
		}
		if _, err := store.Get(ctx, created.ID+1000); !isKey(err, batch.KeyNotFound) {
			t.Fatalf("Get unknown = %v", err)
		}
		if doc, _, err := store.Manifest(ctx, created.ID); err != nil || doc != nil {
			t.Fatalf("Manifest before one exists = %v, %v", doc, err)
		}
	})

	t.Run("rows keep values, violations and order", func(t *testing.T) {
		got, err := store.Rows(ctx, created.ID, false)
		if err != nil || len(got) != 3 {
			t.Fatalf("Rows = %d, %v", len(got), err)
		}
		for i, r := range got {
			if r.Position != i+1 || r.BatchID != created.ID || r.ID <= 0 || r.Changed {
				t.Errorf("row %d = %+v", i, r)
			}
			if !reflect.DeepEqual(r.Validated, rows[i]) {
				t.Errorf("row %d:\n got %+v\nwant %+v", i, r.Validated, rows[i])
			}
		}
		invalid, err := store.Rows(ctx, created.ID, true)
		if err != nil || len(invalid) != 1 || invalid[0].Position != 2 {
			t.Fatalf("invalid rows = %+v, %v", invalid, err)
		}
		page, err := store.RowPage(ctx, batches.RowQuery{BatchID: created.ID, Page: 1, Size: 2})
		if err != nil || page.Total != 3 || page.MaxOrderLines != 1 || len(page.Rows) != 1 || page.Rows[0].ID != got[2].ID {
			t.Fatalf("second page of 2 rows = %+v, %v; want row 3 of 3, one order line at most", page, err)
		}
		page, err = store.RowPage(ctx, batches.RowQuery{BatchID: created.ID, Page: 0, Size: 2})
		if err != nil || len(page.Rows) != 2 || page.Rows[0].ID != got[0].ID || !reflect.DeepEqual(page.Rows[0].Validated, rows[0]) {
			t.Fatalf("first page of 2 rows = %+v, %v", page, err)
		}
		page, err = store.RowPage(ctx, batches.RowQuery{BatchID: created.ID, OnlyInvalid: true, Page: 0, Size: 100})
		if err != nil || page.Total != 1 || page.MaxOrderLines != 1 || len(page.Rows) != 1 || page.Rows[0].Position != 2 {
			t.Fatalf("invalid rows' page = %+v, %v; want row 2, the batch's order lines", page, err)
		}
		page, err = store.RowPage(ctx, batches.RowQuery{BatchID: created.ID, Page: 5, Size: 100})
		if err != nil || page.Total != 3 || len(page.Rows) != 0 {
			t.Fatalf("a page past the last = %+v, %v", page, err)
		}
		one, err := store.Row(ctx, got[0].ID)
		if err != nil || one.ID != got[0].ID || one.Fields["city"].Value != "Köln" {
			t.Fatalf("Row = %+v, %v", one, err)
		}
		if _, err := store.Row(ctx, got[2].ID+1000); !isKey(err, batch.KeyRowNotFound) {
			t.Fatalf("Row unknown = %v", err)
		}
	})

	t.Run("list pages a customer's batches newest first", func(t *testing.T) {
		second, err := store.Create(ctx, newBatch(mine, "second.csv"), []byte("x"), nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := store.Create(ctx, newBatch(other, "theirs.csv"), []byte("y"), nil); err != nil {
			t.Fatal(err)
		}
		list, total, err := store.List(ctx, mine, 0, 1)
		if err != nil || total != 2 || len(list) != 1 || list[0].ID != second.ID {
			t.Fatalf("List page 0 = %+v, %d, %v", list, total, err)
		}
		list, _, _ = store.List(ctx, mine, 1, 1)
		if len(list) != 1 || list[0].ID != created.ID || list[0].RowCount != 3 || !list[0].CreatedByAdmin || second.CreatedByAdmin {
			t.Fatalf("List page 1 = %+v", list)
		}
		if list, total, _ := store.List(ctx, mine, 5, 10); len(list) != 0 || total != 2 {
			t.Fatalf("page past the end = %d, %d", len(list), total)
		}
	})

	t.Run("update stores what the callback leaves, or nothing", func(t *testing.T) {
		sentAt := time.Date(2026, 5, 6, 7, 8, 9, 0, time.UTC)
		got, err := store.Update(ctx, created.ID, func(b *batch.Batch) error {
			if b.Status != batch.Created {
				return fmt.Errorf("callback sees %s", b.Status)
			}
			b.Status, b.SentAt, b.SentBy, b.SentByAdmin, b.LabelType, b.JobFilter = batch.Sending, sentAt, "bert", true, "Zebra", batch.FilterAll
			b.Processed, b.Total, b.ErrorMessage, b.ErrorParams = 1, 2, "test.failed", map[string]string{"code": "X1"}
			b.FileName, b.RowCount, b.CreatedByAdmin = "ignored.csv", 99, false
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		again, _ := store.Get(ctx, created.ID)
		for _, b := range []batch.Batch{got, again} {
			if b.Status != batch.Sending || !b.SentAt.Equal(sentAt) || b.SentBy != "bert" || !b.SentByAdmin || b.LabelType != "Zebra" ||
				b.JobFilter != batch.FilterAll || b.Processed != 1 || b.Total != 2 || b.ErrorMessage != "test.failed" ||
				b.ErrorParams["code"] != "X1" || len(b.ErrorParams) != 1 || b.FileName != "orders.csv" || b.RowCount != 3 || !b.CreatedByAdmin {
				t.Fatalf("updated = %+v", b)
			}
		}
		boom := errors.New("boom")
		if _, err := store.Update(ctx, created.ID, func(b *batch.Batch) error { b.Status = batch.Sent; return boom }); !errors.Is(err, boom) {
			t.Fatalf("Update error = %v", err)
		}
		if b, _ := store.Get(ctx, created.ID); b.Status != batch.Sending {
			t.Fatalf("a failed update changed the status to %s", b.Status)
		}
		if _, err := store.Update(ctx, created.ID+1000, func(*batch.Batch) error { return nil }); !isKey(err, batch.KeyNotFound) {
			t.Fatalf("Update unknown = %v", err)
		}
		cleared, err := store.Update(ctx, created.ID, func(b *batch.Batch) error {
			b.Status, b.ErrorMessage, b.ErrorParams = batch.Sent, "", nil
			return nil
		})
		if err != nil || cleared.ErrorMessage != "" || len(cleared.ErrorParams) != 0 {
			t.Fatalf("cleared error = %+v, %v", cleared, err)
		}
	})

	gridRows, _ := store.Rows(ctx, created.ID, false)
	shipments := []Shipment{
		{Shipment: batch.Shipment{BatchID: created.ID, CustomerID: mine, ValidatedShipmentID: gridRows[0].ID, Position: 1, Success: true,
			Identifier: "LX1", LabelType: "PDF", LabelContentType: "application/pdf", ReferenceNumber: "R1", ReceiverName: "Anna",
			Product: "EPAQSTD", Service: "STD", Destination: "CH", APIClient: "SHIPPING", SubmittedAt: time.Date(2026, 5, 6, 8, 0, 0, 0, time.UTC)},
			Label: []byte("%PDF-1 label one"), CustomsDoc: []byte("%PDF-1 customs one"), SOAPRequest: "<req1/>", SOAPResponse: "<rsp1/>"},
		{Shipment: batch.Shipment{BatchID: created.ID, CustomerID: mine, ValidatedShipmentID: gridRows[2].ID, Position: 3, Success: false,
			ErrorMessage: "error.carrier.fault.invalidPostalCode", ErrorParams: map[string]string{"field": "postalcode", "value": "00000"},
			Retoure: true}},
		{Shipment: batch.Shipment{BatchID: created.ID, CustomerID: mine, Position: 4, Success: true, Cancelled: true, Identifier: "LX9",
			LabelType: "PDF", LabelContentType: "application/pdf"}, Label: []byte("%PDF cancelled"), CustomsDoc: []byte("%PDF cancelled customs")},
	}
	ids := make([]int64, len(shipments))
	for i, s := range shipments {
		ids[i] = seed.PutShipment(t, s)
	}
	exchangedAt := time.Date(2026, 5, 6, 8, 0, 1, 0, time.UTC)
	seed.PutExchange(t, created.ID, Exchange{ShipmentID: ids[0], Operation: "addAndPrint", At: exchangedAt, Request: "<req1/>", Response: "<rsp1/>"})
	seed.PutExchange(t, created.ID, Exchange{Operation: "createManifest", At: exchangedAt.Add(time.Second), Request: "<manifestReq/>", Response: "<manifestRsp/>"})

	t.Run("counts and shipments through the filters", func(t *testing.T) {
		b, err := store.Get(ctx, created.ID)
		want := batch.Counts{Shipments: 3, Labelled: 1, CustomsDocs: 1, ErrorShipments: 1}
		if err != nil || b.Counts != want {
			t.Fatalf("counts = %+v, %v; want %+v", b.Counts, err, want)
		}
		all, total, err := store.Shipments(ctx, batches.ShipmentQuery{BatchID: created.ID, Filter: batch.FilterAll, Size: 10})
		if err != nil || total != 3 || len(all) != 3 || all[0].ID != ids[0] || all[1].ID != ids[1] || all[2].ID != ids[2] {
			t.Fatalf("ALL = %+v, %d, %v", all, total, err)
		}
		first := all[0]
		if !first.Success || first.Identifier != "LX1" || !first.HasLabel || !first.HasCustomsDoc || first.Cancelled || first.ReferenceNumber != "R1" ||
			first.ReceiverName != "Anna" || first.Product != "EPAQSTD" || first.Service != "STD" || first.Destination != "CH" ||
			first.APIClient != "SHIPPING" || first.LabelType != "PDF" || first.LabelContentType != "application/pdf" ||
			first.ValidatedShipmentID != gridRows[0].ID || first.CustomerID != mine || first.BatchStatus != batch.Sent ||
			!first.SubmittedAt.Equal(time.Date(2026, 5, 6, 8, 0, 0, 0, time.UTC)) {
			t.Errorf("first shipment = %+v", first)
		}
		if !all[1].Retoure || all[1].ErrorMessage != "error.carrier.fault.invalidPostalCode" || all[1].ErrorParams["value"] != "00000" ||
			len(all[1].ErrorParams) != 2 || all[1].HasLabel || !all[2].Cancelled || all[0].ErrorParams != nil {
			t.Errorf("shipments = %+v", all[1:])
		}
		errs, total, _ := store.Shipments(ctx, batches.ShipmentQuery{BatchID: created.ID, Filter: batch.FilterError, Size: 10})
		if total != 1 || len(errs) != 1 || errs[0].ID != ids[1] {
			t.Errorf("ERROR = %+v, %d", errs, total)
		}
		page, total, _ := store.Shipments(ctx, batches.ShipmentQuery{BatchID: created.ID, Filter: batch.FilterAll, Page: 1, Size: 2})
		if total != 3 || len(page) != 1 || page[0].ID != ids[2] {
			t.Errorf("page 1 of 2 = %+v, %d", page, total)
		}
		byCustomer, total, _ := store.Shipments(ctx, batches.ShipmentQuery{CustomerID: mine, Filter: batch.FilterAll, Size: 10})
		if total != 3 || len(byCustomer) != 3 {
			t.Errorf("customer's shipments = %d of %d", len(byCustomer), total)
		}
		if _, total, _ := store.Shipments(ctx, batches.ShipmentQuery{CustomerID: other, Filter: batch.FilterAll, Size: 10}); total != 0 {
			t.Errorf("other customer sees %d shipments", total)
		}
		one, err := store.Shipment(ctx, ids[0])
		if err != nil || one.Identifier != "LX1" || one.BatchID != created.ID {
			t.Fatalf("Shipment = %+v, %v", one, err)
		}
		if _, err := store.Shipment(ctx, ids[2]+1000); !isKey(err, batch.KeyShipmentNotFound) {
			t.Fatalf("Shipment unknown = %v", err)
		}
		req, rsp, err := store.ShipmentTraffic(ctx, ids[0])
		if err != nil || req != "<req1/>" || rsp != "<rsp1/>" {
			t.Fatalf("ShipmentTraffic = %q %q %v", req, rsp, err)
		}
	})

	t.Run("documents of live shipments only", func(t *testing.T) {
		labels, err := store.Labels(ctx, created.ID)
		if err != nil || len(labels) != 1 || string(labels[0].Data) != "%PDF-1 label one" || labels[0].LabelType != "PDF" || labels[0].ShipmentID != ids[0] {
			t.Fatalf("Labels = %+v, %v", labels, err)
		}
		customs, err := store.CustomsDocs(ctx, created.ID)
		if err != nil || len(customs) != 1 || string(customs[0].Data) != "%PDF-1 customs one" {
			t.Fatalf("CustomsDocs = %+v, %v", customs, err)
		}
		label, err := store.ShipmentLabel(ctx, ids[0])
		if err != nil || string(label.Data) != "%PDF-1 label one" || label.ContentType != "application/pdf" {
			t.Fatalf("ShipmentLabel = %+v, %v", label, err)
		}
		if none, err := store.ShipmentLabel(ctx, ids[1]); err != nil || none.Data != nil {
			t.Fatalf("label of a failed shipment = %+v, %v", none, err)
		}
		requests, err := store.Traffic(ctx, created.ID, false)
		want := []batches.Exchange{
			{Operation: "addAndPrint", ShipmentID: ids[0], At: exchangedAt, Text: "<req1/>"},
			{Operation: "createManifest", At: exchangedAt.Add(time.Second), Text: "<manifestReq/>"},
		}
		if err != nil || !reflect.DeepEqual(requests, want) {
			t.Fatalf("requests = %+v, %v", requests, err)
		}
		responses, _ := store.Traffic(ctx, created.ID, true)
		if len(responses) != 2 || responses[0].Text != "<rsp1/>" || responses[1].Text != "<manifestRsp/>" || responses[1].Operation != "createManifest" {
			t.Fatalf("responses = %+v", responses)
		}
		at := time.Date(2026, 5, 7, 10, 11, 12, 0, time.UTC)
		seed.PutManifest(t, created.ID, []byte("%PDF manifest"), at)
		doc, when, err := store.Manifest(ctx, created.ID)
		if err != nil || string(doc) != "%PDF manifest" || !when.Equal(at) {
			t.Fatalf("Manifest = %q %v %v", doc, when, err)
		}
		if b, _ := store.Get(ctx, created.ID); !b.Counts.HasManifest {
			t.Fatal("HasManifest not counted")
		}
	})

	t.Run("row update revalidates, marks labelled rows changed, recounts", func(t *testing.T) {
		fixed := Row(map[string]string{"name": "Bert", "city": "Bonn"})
		var sawLabelled bool
		row, b, err := store.UpdateRow(ctx, created.ID, gridRows[1].ID, func(b batch.Batch, r *batch.ValidatedShipment, labelled bool) error {
			if b.ID != created.ID || r.Position != 2 || r.Valid {
				return fmt.Errorf("callback sees %+v / %+v", b, r)
			}
			sawLabelled = labelled
			r.Validated = fixed
			return nil
		})
		if err != nil || sawLabelled || !row.Valid || row.Fields["name"].Value != "Bert" || b.InvalidRows != 0 || !b.Valid() {
			t.Fatalf("UpdateRow = %+v, %+v, %v (labelled %v)", row, b, err, sawLabelled)
		}
		// The first row's shipment holds a label: an edit marks it changed.
		row, b, err = store.UpdateRow(ctx, created.ID, gridRows[0].ID, func(_ batch.Batch, r *batch.ValidatedShipment, labelled bool) error {
			sawLabelled = labelled
			r.Validated = Row(map[string]string{"name": "!"})
			r.Changed = labelled
			return nil
		})
		if err != nil || !sawLabelled || !row.Changed || row.Valid || b.InvalidRows != 1 || b.Counts.ChangedShipments != 1 {
			t.Fatalf("UpdateRow of a labelled row = %+v, %+v, %v", row, b, err)
		}
		changed, total, _ := store.Shipments(ctx, batches.ShipmentQuery{BatchID: created.ID, Filter: batch.FilterChanged, Size: 10})
		if total != 1 || changed[0].ID != ids[0] || !changed[0].Changed {
			t.Fatalf("CHANGED = %+v, %d", changed, total)
		}
		// The only invoice number goes: the batch has no invoice any more.
		_, b, err = store.UpdateRow(ctx, created.ID, gridRows[2].ID, func(_ batch.Batch, r *batch.ValidatedShipment, _ bool) error {
			r.Validated = Row(map[string]string{"name": "Cleo"})
			return nil
		})
		if err != nil || b.HasInvoice {
			t.Fatalf("HasInvoice after removing the number = %+v, %v", b, err)
		}
		boom := errors.New("boom")
		if _, _, err := store.UpdateRow(ctx, created.ID, gridRows[1].ID, func(_ batch.Batch, r *batch.ValidatedShipment, _ bool) error {
			r.Validated = Row(map[string]string{"name": "!x"})
			return boom
		}); !errors.Is(err, boom) {
			t.Fatalf("UpdateRow error = %v", err)
		}
		if r, _ := store.Row(ctx, gridRows[1].ID); !r.Valid {
			t.Fatal("a failed row update was stored")
		}
		theirs, _ := store.Create(ctx, newBatch(other, "t.csv"), []byte("t"), nil)
		if _, _, err := store.UpdateRow(ctx, theirs.ID, gridRows[1].ID, func(batch.Batch, *batch.ValidatedShipment, bool) error { return nil }); !isKey(err, batch.KeyRowNotFound) {
			t.Fatalf("row of another batch = %v", err)
		}
	})

	t.Run("open shipments count", func(t *testing.T) {
		open := seed.PutShipment(t, Shipment{Shipment: batch.Shipment{BatchID: created.ID, CustomerID: mine, Position: 5}, Open: true})
		b, err := store.Get(ctx, created.ID)
		if err != nil || b.Counts.Open != 1 || b.Counts.Shipments != 4 {
			t.Fatalf("counts with a shipment being labelled = %+v, %v", b.Counts, err)
		}
		if err := store.DeleteShipment(ctx, open, func(batch.Batch, batch.Shipment) error { return nil }); err != nil {
			t.Fatal(err)
		}
	})

	t.Run("delete shipment asks first", func(t *testing.T) {
		no := errors.New("no")
		if err := store.DeleteShipment(ctx, ids[1], func(b batch.Batch, s batch.Shipment) error {
			if b.ID != created.ID || s.ID != ids[1] {
				return fmt.Errorf("callback sees %d / %d", b.ID, s.ID)
			}
			return no
		}); !errors.Is(err, no) {
			t.Fatalf("refused DeleteShipment = %v", err)
		}
		if err := store.DeleteShipment(ctx, ids[1], func(batch.Batch, batch.Shipment) error { return nil }); err != nil {
			t.Fatal(err)
		}
		if _, err := store.Shipment(ctx, ids[1]); !isKey(err, batch.KeyShipmentNotFound) {
			t.Fatalf("deleted shipment = %v", err)
		}
		if err := store.DeleteShipment(ctx, ids[1], func(batch.Batch, batch.Shipment) error { return nil }); !isKey(err, batch.KeyShipmentNotFound) {
			t.Fatalf("DeleteShipment twice = %v", err)
		}
		// The first row is changed (see above); with its shipment gone there is nothing to send again.
		if err := store.DeleteShipment(ctx, ids[0], func(batch.Batch, batch.Shipment) error { return nil }); err != nil {
			t.Fatal(err)
		}
		if r, _ := store.Row(ctx, gridRows[0].ID); r.Changed {
			t.Error("the row of a deleted shipment stays changed")
		}
		if b, _ := store.Get(ctx, created.ID); b.Counts.ChangedShipments != 0 {
			t.Errorf("changed shipments after the delete: %d", b.Counts.ChangedShipments)
		}
		// The carrier traffic is the audit trail: a deleted shipment's
		// exchanges stay with the batch.
		if requests, err := store.Traffic(ctx, created.ID, false); err != nil || len(requests) != 2 ||
			requests[0].Operation != "addAndPrint" || requests[0].ShipmentID != 0 {
			t.Fatalf("traffic after deleting its shipment = %+v, %v", requests, err)
		}
	})

	t.Run("delete asks first and removes everything", func(t *testing.T) {
		no := errors.New("no")
		if err := store.Delete(ctx, created.ID, func(b batch.Batch) error {
			if !b.Counts.HasManifest {
				return errors.New("callback lacks the counts")
			}
			return no
		}); !errors.Is(err, no) {
			t.Fatalf("refused Delete = %v", err)
		}
		if _, err := store.Get(ctx, created.ID); err != nil {
			t.Fatal("a refused delete removed the batch")
		}
		if err := store.Delete(ctx, created.ID, func(batch.Batch) error { return nil }); err != nil {
			t.Fatal(err)
		}
		if _, err := store.Get(ctx, created.ID); !isKey(err, batch.KeyNotFound) {
			t.Fatalf("Get after delete = %v", err)
		}
		if _, err := store.Shipment(ctx, ids[0]); !isKey(err, batch.KeyShipmentNotFound) {
			t.Fatalf("shipment after delete = %v", err)
		}
		if rows, err := store.Rows(ctx, created.ID, false); err != nil || len(rows) != 0 {
			t.Fatalf("rows after delete = %d, %v", len(rows), err)
		}
		if err := store.Delete(ctx, created.ID, func(batch.Batch) error { return nil }); !isKey(err, batch.KeyNotFound) {
			t.Fatalf("Delete twice = %v", err)
		}
	})
}

// HistoryStore is a batch store that also answers the customer use cases'
// question whether a customer has shipping history.
type HistoryStore interface {
	Store
	HasShippingHistory(ctx context.Context, customerID int64) (bool, error)
}

// History checks HasShippingHistory (the contract of app/customers.History):
// customers names two existing customers without batches.
func History(t *testing.T, store HistoryStore, seed Seeder, customers [2]int64) {
	mine, other := customers[0], customers[1]
	for _, id := range customers {
		if has, err := store.HasShippingHistory(ctx, id); err != nil || has {
			t.Fatalf("history of customer %d before any batch = %v, %v", id, has, err)
		}
	}
	b, err := store.Create(ctx, newBatch(mine, "history.csv"), []byte("name\nAnna\n"), []shipment.Validated{Row(map[string]string{"name": "Anna"})})
	if err != nil {
		t.Fatal(err)
	}
	if has, err := store.HasShippingHistory(ctx, mine); err != nil || !has {
		t.Fatalf("history with a new batch = %v, %v", has, err)
	}
	if has, err := store.HasShippingHistory(ctx, other); err != nil || has {
		t.Fatalf("history of the other customer = %v, %v", has, err)
	}
	// A shipment counts on its own, whoever's batch it sits in.
	seed.PutShipment(t, Shipment{Shipment: batch.Shipment{BatchID: b.ID, CustomerID: other, Position: 1}})
	if has, err := store.HasShippingHistory(ctx, other); err != nil || !has {
		t.Fatalf("history with a shipment = %v, %v", has, err)
	}
}
