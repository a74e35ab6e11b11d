// Package managementtest holds the contract tests of the management ports,
// written once and run against every adapter that implements them.
package managementtest

import (
	"context"
	"reflect"
	"testing"

	"parcelportal/app/management"
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
