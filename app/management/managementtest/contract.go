// Package managementtest holds the contract tests of the management ports,
// written once and run against every adapter that implements them.
package managementtest

import (
	"context"
	"reflect"
	"testing"
	"time"

	"parcelportal/app/identity"
	"parcelportal/app/management"
	"parcelportal/core/origin"
	"parcelportal/core/reference"
)

// CatalogReaderContract checks that a reader serves the carrier's standard
// reference data with every list in display order.
func CatalogReaderContract(t *testing.T, reader management.CatalogReader) {
	t.Helper()
	got, err := reader.Catalog(context.Background())
	if err != nil {
		t.Fatalf("Catalog: %v", err)
	}
	want := reference.Standard()
	check := func(name string, got, want any) {
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s:\n got  %v\n want %v", name, got, want)
		}
	}
	check("products", got.Products, want.Products)
	check("services", got.Services, want.Services)
	check("options", got.Options, want.Options)
	check("formats", got.Formats, want.Formats)
	check("return types", got.ReturnTypes, want.ReturnTypes)
	check("return options", got.ReturnOptions, want.ReturnOptions)
	check("tax-free countries", got.TaxFreeCountries, want.TaxFreeCountries)
	check("Canary Islands ranges", got.CanaryIslandsPostalRanges, want.CanaryIslandsPostalRanges)
	if got.IsInsideCustomsUnion("ES", "35001") || !got.IsInsideCustomsUnion("ES", "28001") {
		t.Error("the stored catalog does not exclude the Canary Islands from the customs union")
	}
}

// AuditRecorder is what writes the events the trail reads.
type AuditRecorder interface {
	Record(ctx context.Context, e identity.AuditEvent) error
}

// AuditTrailContract checks paging, date bounds, the orders and the client
// address of an audit trail that recorder writes to.
func AuditTrailContract(t *testing.T, recorder AuditRecorder, trail management.AuditTrail) {
	t.Helper()
	ctx := context.Background()
	day := time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)
	events := []identity.AuditEvent{
		{Principal: "carla", Type: "AUTHENTICATION_SUCCESS", At: day.Add(-time.Hour)},
		{Principal: "anna", Type: "AUTHENTICATION_FAILURE", At: day.Add(time.Hour), Data: map[string]string{"reason": "bad credentials"}},
		{Principal: "bert", Type: "BATCH_SENT", At: day.Add(2 * time.Hour)},
		{Principal: "anna", Type: "AUTHENTICATION_SUCCESS", At: day.Add(25 * time.Hour)},
	}
	for _, e := range events {
		if err := recorder.Record(origin.With(ctx, "203.0.113.7"), e); err != nil {
			t.Fatal(err)
		}
	}
	page, total, err := trail.ListAudits(ctx, management.AuditQuery{Size: 2, Sort: management.SortByTime, Descending: true})
	if err != nil || total != 4 || len(page) != 2 || page[0].Principal != "anna" || page[0].Type != "AUTHENTICATION_SUCCESS" ||
		page[1].Type != "BATCH_SENT" || page[0].RemoteAddress != "203.0.113.7" || !page[0].At.Equal(day.Add(25*time.Hour)) {
		t.Fatalf("first page newest first = %+v, %d, %v", page, total, err)
	}
	page, _, err = trail.ListAudits(ctx, management.AuditQuery{Page: 1, Size: 2, Sort: management.SortByTime, Descending: true})
	if err != nil || len(page) != 2 || page[1].Principal != "carla" {
		t.Fatalf("second page = %+v, %v", page, err)
	}
	page, total, err = trail.ListAudits(ctx, management.AuditQuery{Size: 10, Sort: management.SortByPrincipal,
		From: day, To: day.AddDate(0, 0, 1)})
	if err != nil || total != 2 || len(page) != 2 || page[0].Principal != "anna" || page[1].Principal != "bert" ||
		page[0].Data["reason"] != "bad credentials" {
		t.Fatalf("one day by principal = %+v, %d, %v", page, total, err)
	}
	page, _, err = trail.ListAudits(ctx, management.AuditQuery{Size: 10, Sort: management.SortByType})
	if err != nil || len(page) != 4 || page[0].Type != "AUTHENTICATION_FAILURE" || page[1].Principal != "anna" || page[3].Type != "BATCH_SENT" {
		t.Fatalf("by type = %+v, %v", page, err)
	}
}
