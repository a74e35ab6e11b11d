package demo_test

import (
	"context"
	"testing"
	"time"

	"parcelportal/adapters/memory"
	"parcelportal/app/demo"
	"parcelportal/core/shipment"
)

func TestSeedCustomsDocumentsTwiceStoresOnce(t *testing.T) {
	store := memory.NewCustomsDocuments(map[string]int64{demo.BakeryCRMID: 1, demo.BooksCRMID: 2, demo.GardenCRMID: 3})
	render := func(id string, d shipment.Draft) ([]byte, error) {
		return []byte("%PDF " + id + " " + d.Fields["isoCountry"]), nil
	}
	ctx := context.Background()
	n, err := demo.SeedCustomsDocuments(ctx, store, render, time.Now())
	if err != nil || n != 5 {
		t.Fatalf("first seed = %d, %v", n, err)
	}
	if n, err := demo.SeedCustomsDocuments(ctx, store, render, time.Now()); err != nil || n != 0 {
		t.Fatalf("second seed = %d, %v", n, err)
	}
	if bakery, _ := store.List(ctx, []int64{1}, 10); len(bakery) != 3 {
		t.Errorf("the bakery has %d documents", len(bakery))
	}
}
