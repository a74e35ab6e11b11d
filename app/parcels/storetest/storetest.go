// Package storetest is the one contract of the parcel store (the ports of
// app/parcels), run against Postgres and the in-memory store alike.
package storetest

import (
	"bytes"
	"context"
	"reflect"
	"testing"
	"time"

	"parcelportal/app/batchjob"
	"parcelportal/app/parcels"
	"parcelportal/core/carrier"
	"parcelportal/core/failure"
	"parcelportal/core/parcel"
	"parcelportal/core/shipment"
)

var ctx = context.Background()

// Store is every port of the parcel store, served by one adapter.
type Store interface {
	parcels.Parcels
	parcels.Lister
	parcels.Attempts
	parcels.Files
}

// Fixture is a store with two customers, and a way to put a parcel into a
// manifest batch of the given status, as a manifest of parcels does.
type Fixture struct {
	Store     Store
	Customers [2]int64
	Gather    func(t *testing.T, parcelID int64, status string)
}

// Form is a valid parcel form's validated values.
func Form(name string) shipment.Validated {
	return shipment.Validated{Valid: true, Fields: map[string]shipment.Value{
		"name": {Value: name}, "street": {Value: "Hauptstr."}, "postalcode": {Value: "10115"}, "city": {Value: "Berlin"},
		"isoCountry": {Value: "DE"}, "referencenumber": {Value: "ref-" + name}, "weight": {Value: "1.5"},
		"product": {Value: "EPAQPLS"}, "service": {Value: "STD"}, "phone": {Value: "+49 30 1"},
	}, OrderLines: []map[string]shipment.Value{{"description": {Value: "Books"}, "quantity": {Value: "2"}}}}
}

// Run runs the contract against a fresh fixture for each part.
func Run(t *testing.T, fresh func(t *testing.T) Fixture) {
	t.Run("create and get", func(t *testing.T) { createAndGet(t, fresh(t)) })
	t.Run("update", func(t *testing.T) { update(t, fresh(t)) })
	t.Run("list", func(t *testing.T) { list(t, fresh(t)) })
	t.Run("lease", func(t *testing.T) { lease(t, fresh(t)) })
	t.Run("attempts", func(t *testing.T) { attempts(t, fresh(t)) })
	t.Run("delete", func(t *testing.T) { remove(t, fresh(t)) })
}

func create(t *testing.T, s Store, customerID int64, name string, source parcel.Source, client string) parcel.Parcel {
	t.Helper()
	p, err := s.Create(ctx, parcel.Parcel{CustomerID: customerID, Source: source, LabelType: "PDF", APIClient: client, CreatedBy: "user", Validated: Form(name)})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func createAndGet(t *testing.T, f Fixture) {
	s := f.Store
	p := create(t, s, f.Customers[0], "Anna", parcel.APIParcel, "A1")
	if p.ID == 0 || p.UUID == "" || p.CreatedAt.IsZero() || p.UpdatedAt.IsZero() {
		t.Fatalf("created = %+v", p)
	}
	got, err := s.Get(ctx, p.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.CustomerID != f.Customers[0] || got.Source != parcel.APIParcel || got.APIClient != "A1" || got.LabelType != "PDF" ||
		got.CreatedBy != "user" || got.UUID != p.UUID || got.InManifest() || got.Label.ShipmentID != 0 {
		t.Fatalf("got = %+v", got)
	}
	if !reflect.DeepEqual(got.Validated, Form("Anna")) {
		t.Fatalf("validated = %+v, want %+v", got.Validated, Form("Anna"))
	}
	if _, err := s.Get(ctx, p.ID+1000); !failure.HasKey(err, parcel.KeyNotFound) {
		t.Fatalf("get of an unknown parcel = %v", err)
	}
	f.Gather(t, p.ID, parcel.ManifestCreated)
	got, err = s.Get(ctx, p.ID)
	if err != nil || !got.InManifest() || got.BatchStatus != parcel.ManifestCreated || got.ManifestID() != got.BatchID {
		t.Fatalf("gathered = %+v, %v", got, err)
	}
}

func update(t *testing.T, f Fixture) {
	s := f.Store
	p := create(t, s, f.Customers[0], "Anna", parcel.IndividualParcel, "SHIPPING")
	refused := failure.New(failure.Conflict, "test.no")
	if _, err := s.Update(ctx, p.ID, func(p *parcel.Parcel) error {
		p.Validated = Form("Bert")
		return refused
	}); err != refused {
		t.Fatalf("refused update = %v", err)
	}
	if got, _ := s.Get(ctx, p.ID); got.Validated.Fields["name"].Value != "Anna" {
		t.Fatalf("a refused update changed %+v", got.Validated.Fields["name"])
	}
	invalid := Form("Bert")
	invalid.Valid = false
	invalid.Fields["weight"] = shipment.Value{Value: "x", Violations: []shipment.Violation{{Key: shipment.KeyNumber}}}
	saved, err := s.Update(ctx, p.ID, func(p *parcel.Parcel) error {
		p.Validated, p.LabelType = invalid, "Zebra"
		return nil
	})
	if err != nil || saved.Validated.Valid || saved.LabelType != "Zebra" || !reflect.DeepEqual(saved.Validated, invalid) {
		t.Fatalf("saved = %+v, %v", saved, err)
	}
	if saved.UpdatedAt.Before(p.UpdatedAt) {
		t.Fatalf("updated at %v before %v", saved.UpdatedAt, p.UpdatedAt)
	}
	if _, err := s.Update(ctx, p.ID+1000, func(*parcel.Parcel) error { return nil }); !failure.HasKey(err, parcel.KeyNotFound) {
		t.Fatalf("update of an unknown parcel = %v", err)
	}
}

func ids(list []parcel.Parcel) []int64 {
	out := make([]int64, len(list))
	for i, p := range list {
		out[i] = p.ID
	}
	return out
}

func list(t *testing.T, f Fixture) {
	s := f.Store
	var made []int64
	for i, name := range []string{"a", "b", "c", "d", "e"} {
		source, client := parcel.IndividualParcel, "SHIPPING"
		if i%2 == 1 {
			source, client = parcel.APIParcel, parcel.AggregatorAPIClient
		}
		made = append(made, create(t, s, f.Customers[0], name, source, client).ID)
		time.Sleep(2 * time.Millisecond)
	}
	create(t, s, f.Customers[1], "other", parcel.IndividualParcel, "SHIPPING")
	f.Gather(t, made[1], parcel.ManifestCreating)
	query := func(q parcel.Query) ([]int64, int) {
		t.Helper()
		q.CustomerID = f.Customers[0]
		if q.Size == 0 {
			q.Size = 10
		}
		if q.Manifest == "" {
			q.Manifest = parcel.AllManifests
		}
		got, total, err := s.List(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		return ids(got), total
	}
	check := func(name string, q parcel.Query, want []int64, wantTotal int) {
		t.Helper()
		got, total := query(q)
		if !reflect.DeepEqual(got, want) || total != wantTotal {
			t.Errorf("%s = %v of %d, want %v of %d", name, got, total, want, wantTotal)
		}
	}
	check("all, newest first", parcel.Query{}, []int64{made[4], made[3], made[2], made[1], made[0]}, 5)
	check("second page of 2", parcel.Query{Page: 1, Size: 2}, []int64{made[2], made[1]}, 5)
	check("past the end", parcel.Query{Page: 9, Size: 2}, []int64{}, 5)
	check("manifested", parcel.Query{Manifest: parcel.Manifested}, []int64{made[1]}, 1)
	check("not manifested", parcel.Query{Manifest: parcel.NotManifested}, []int64{made[4], made[3], made[2], made[0]}, 4)
	check("API parcels", parcel.Query{Source: parcel.APIParcel}, []int64{made[3], made[1]}, 2)
	check("SHIPPING client", parcel.Query{APIClient: "SHIPPING"}, []int64{made[4], made[2], made[0]}, 3)
	check("API, not manifested", parcel.Query{Source: parcel.APIParcel, Manifest: parcel.NotManifested}, []int64{made[3]}, 1)
	// Totals follow deletes.
	if err := s.Delete(ctx, made[0], func(parcel.Parcel) error { return nil }); err != nil {
		t.Fatal(err)
	}
	check("all after a delete", parcel.Query{}, []int64{made[4], made[3], made[2], made[1]}, 4)
	check("not manifested after a delete", parcel.Query{Manifest: parcel.NotManifested, Size: 2}, []int64{made[4], made[3]}, 3)
	page, _, err := s.List(ctx, parcel.Query{CustomerID: f.Customers[0], Manifest: parcel.Manifested, Size: 10})
	if err != nil || len(page) != 1 || page[0].BatchStatus != parcel.ManifestCreating || page[0].Validated.Fields["name"].Value != "b" {
		t.Fatalf("manifested row = %+v, %v", page, err)
	}
	// A listed parcel's form is what a list row shows, not the whole form.
	want := parcel.Parcel{Validated: Form("b")}.Listed().Validated
	if got := page[0].Validated; !reflect.DeepEqual(got, want) || len(want.Fields) != len(parcel.ListedFields) {
		t.Fatalf("listed form = %+v, want %+v", got, want)
	}
}

func lease(t *testing.T, f Fixture) {
	s := f.Store
	p := create(t, s, f.Customers[0], "Anna", parcel.IndividualParcel, "SHIPPING")
	now := time.Now()
	got, _, ok, err := s.Claim(ctx, p.ID, now, now.Add(time.Minute))
	if err != nil || ok || got.ID != p.ID {
		t.Fatalf("first claim = %+v, %v, %v", got, ok, err)
	}
	if _, _, _, err := s.Claim(ctx, p.ID, now, now.Add(time.Minute)); !failure.HasKey(err, parcel.KeyBusy) {
		t.Fatalf("second claim = %v", err)
	}
	// A lease left by a process that died runs out.
	if _, _, _, err := s.Claim(ctx, p.ID, now.Add(2*time.Minute), now.Add(3*time.Minute)); err != nil {
		t.Fatalf("claim after the lease ran out = %v", err)
	}
	if err := s.Release(ctx, p.ID); err != nil {
		t.Fatal(err)
	}
	if _, _, _, err := s.Claim(ctx, p.ID, now, now.Add(time.Minute)); err != nil {
		t.Fatalf("claim after release = %v", err)
	}
	if _, _, _, err := s.Claim(ctx, p.ID+1000, now, now); !failure.HasKey(err, parcel.KeyNotFound) {
		t.Fatalf("claim of an unknown parcel = %v", err)
	}
}

func attempts(t *testing.T, f Fixture) {
	s := f.Store
	p := create(t, s, f.Customers[0], "Anna", parcel.IndividualParcel, "SHIPPING")
	first, err := shipment.New(p.Validated, 1, parcel.Reference(p.ID, 1))
	if err != nil {
		t.Fatal(err)
	}
	stored, err := s.Next(ctx, p.ID, first)
	if err != nil || stored.ID == 0 || stored.Status() != shipment.Pending || stored.Reference != parcel.Reference(p.ID, 1) {
		t.Fatalf("first attempt = %+v, %v", stored, err)
	}
	if err := s.Submitting(ctx, stored.ID); err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	_, cur, ok, err := s.Claim(ctx, p.ID, now, now.Add(time.Minute))
	if err != nil || !ok || cur.Status() != shipment.Submitting || cur.ID != stored.ID || cur.Attempt != 1 ||
		cur.Draft.Fields["name"] != "Anna" {
		t.Fatalf("claimed attempt = %+v, %v, %v", cur, ok, err)
	}
	label := carrier.Label{Identifier: "CX1", Label: []byte("%PDF-1"), ContentType: "application/pdf", CustomsDoc: []byte("%PDF-c"),
		Traffic: carrier.Traffic{Request: "<req/>", Response: "<rsp/>"}}
	at := time.Now().UTC().Truncate(time.Millisecond)
	if err := s.Finish(ctx, parcels.Outcome{ShipmentID: cur.ID, State: shipment.Done, Label: label, LabelType: "PDF", Traffic: label.Traffic,
		Exchanges: []batchjob.Exchange{{Operation: batchjob.OpAddAndPrint, Traffic: label.Traffic}}, At: at}); err != nil {
		t.Fatal(err)
	}
	got, _ := s.Get(ctx, p.ID)
	if l := got.Label; l.Status != shipment.Done || l.Identifier != "CX1" || !l.HasLabel || !l.HasCustoms || !l.SubmittedAt.Equal(at) || !got.Live() {
		t.Fatalf("labelled = %+v", got.Label)
	}
	file, err := s.Label(ctx, p.ID)
	if err != nil || !bytes.Equal(file.Data, label.Label) || file.ContentType != "application/pdf" || file.LabelType != "PDF" {
		t.Fatalf("label file = %+v, %v", file, err)
	}
	customs, err := s.CustomsDoc(ctx, p.ID)
	if err != nil || !bytes.Equal(customs.Data, label.CustomsDoc) {
		t.Fatalf("customs file = %+v, %v", customs, err)
	}
	// The next attempt keeps the live label until it is voided.
	_, cur, _, _ = s.Claim(ctx, p.ID, now.Add(time.Hour), now.Add(2*time.Hour))
	if err := cur.Retry(func(a int) string { return parcel.Reference(p.ID, a) }); err != nil {
		t.Fatal(err)
	}
	second, err := s.Next(ctx, p.ID, cur)
	if err != nil || second.ID != stored.ID || second.Attempt != 2 || second.Identifier() != "CX1" {
		t.Fatalf("second attempt = %+v, %v", second, err)
	}
	if err := s.Voided(ctx, second.ID, nil); err != nil {
		t.Fatal(err)
	}
	got, _ = s.Get(ctx, p.ID)
	if got.Label.Identifier != "" || got.Label.HasLabel || got.Label.Status != shipment.Pending {
		t.Fatalf("voided = %+v", got.Label)
	}
	if file, _ := s.Label(ctx, p.ID); file.Data != nil {
		t.Fatalf("a voided label is still there")
	}
	if err := s.Finish(ctx, parcels.Outcome{ShipmentID: second.ID, State: shipment.Failed, ErrorMessage: "error.carrier.unavailable",
		ErrorParams: map[string]string{"field": "city"}, At: at}); err != nil {
		t.Fatal(err)
	}
	got, _ = s.Get(ctx, p.ID)
	if got.Label.Status != shipment.Failed || got.Label.ErrorMessage != "error.carrier.unavailable" || got.Label.ErrorParams["field"] != "city" {
		t.Fatalf("failed = %+v", got.Label)
	}
	_, cur, _, _ = s.Claim(ctx, p.ID, now.Add(3*time.Hour), now.Add(4*time.Hour))
	_ = cur.Retry(func(a int) string { return parcel.Reference(p.ID, a) })
	third, err := s.Next(ctx, p.ID, cur)
	if err != nil || third.Attempt != 3 {
		t.Fatalf("third = %+v, %v", third, err)
	}
	got, _ = s.Get(ctx, p.ID)
	if got.Label.ErrorMessage != "" || got.Label.Status != shipment.Pending {
		t.Fatalf("a new attempt keeps the old error: %+v", got.Label)
	}
	if err := s.Finish(ctx, parcels.Outcome{ShipmentID: third.ID, State: shipment.Cancelled, At: at}); err != nil {
		t.Fatal(err)
	}
	if got, _ = s.Get(ctx, p.ID); got.Label.Status != shipment.Cancelled || got.Live() {
		t.Fatalf("cancelled = %+v", got.Label)
	}
}

func remove(t *testing.T, f Fixture) {
	s := f.Store
	p := create(t, s, f.Customers[0], "Anna", parcel.IndividualParcel, "SHIPPING")
	first, _ := shipment.New(p.Validated, 1, parcel.Reference(p.ID, 1))
	if _, err := s.Next(ctx, p.ID, first); err != nil {
		t.Fatal(err)
	}
	refused := failure.New(failure.Conflict, "test.no")
	if err := s.Delete(ctx, p.ID, func(parcel.Parcel) error { return refused }); err != refused {
		t.Fatalf("refused delete = %v", err)
	}
	if _, err := s.Get(ctx, p.ID); err != nil {
		t.Fatalf("a refused delete removed the parcel: %v", err)
	}
	if err := s.Delete(ctx, p.ID, func(parcel.Parcel) error { return nil }); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Get(ctx, p.ID); !failure.HasKey(err, parcel.KeyNotFound) {
		t.Fatalf("get after delete = %v", err)
	}
	if err := s.Delete(ctx, p.ID, func(parcel.Parcel) error { return nil }); !failure.HasKey(err, parcel.KeyNotFound) {
		t.Fatalf("second delete = %v", err)
	}
	if file, err := s.Label(ctx, p.ID); err != nil || file.Data != nil {
		t.Fatalf("label of a deleted parcel = %+v, %v", file, err)
	}
}
