package memory_test

import (
	"testing"
	"time"

	"parcelportal/adapters/memory"
	"parcelportal/app/manifests"
	"parcelportal/app/manifests/storetest"
	"parcelportal/core/batch"
	"parcelportal/core/customer"
	"parcelportal/core/manifest"
)

type manifestFixture struct{ store *memory.Manifests }

func (f manifestFixture) Customers() [2]int64 { return [2]int64{1, 2} }

func (f manifestFixture) Parcel(_ *testing.T, customerID int64, destination string, options []string, labelled bool) int64 {
	return f.store.AddParcel(manifest.Parcel{CustomerID: customerID, Destination: destination, Product: "EPAQSTD", Service: "CUP",
		Options: options, Labelled: labelled})
}

func (f manifestFixture) SentBatch(_ *testing.T, customerID int64) int64 {
	return f.store.AddSentBatch(customerID, 1)
}

func (f manifestFixture) BatchOf(_ *testing.T, parcelID int64) int64 {
	return f.store.BatchOf(parcelID)
}

func (f manifestFixture) Status(t *testing.T, batchID int64) batch.Status {
	b, _, ok := f.store.Batch(batchID)
	if !ok {
		t.Fatalf("no batch %d", batchID)
	}
	return b.Status
}

func (f manifestFixture) Settle(_ *testing.T, batchID int64, status batch.Status, doc []byte) {
	f.store.Settle(batchID, status, "M1", doc)
}

func (f manifestFixture) Labelling(_ *testing.T, parcelID int64) {
	f.store.SetLabelling(parcelID, true)
}

func (f manifestFixture) SetSchedule(_ *testing.T, customerID int64, a customer.AutoManifest, since time.Time) {
	f.store.SetSchedule(manifests.Schedule{CustomerID: customerID, AutoManifest: a, HubCountry: "DE", Since: since})
}

func TestManifestsContract(t *testing.T) {
	s := memory.NewManifests()
	s.MailRetry = storetest.RetryAfter
	storetest.Contract(t, s, manifestFixture{s})
}

func TestRoutingOptionsContract(t *testing.T) {
	storetest.RoutingOptionsContract(t, memory.NewRoutingOptions())
}
