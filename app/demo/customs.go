package demo

import (
	"context"
	"fmt"
	"time"

	"parcelportal/app/customsdocs"
	"parcelportal/core/customsdoc"
	"parcelportal/core/shipment"
)

// demoCustoms are the parcels outside the customs union whose customs
// documents the carrier published for the demo customers, so that the
// customs documents page has content after `make run`.
var demoCustoms = []struct {
	crmid, identifier, country, postalCode, city, name, article string
}{
	{BakeryCRMID, "CH000000101DE", "CH", "8001", "Zürich", "Konditorei Sprüngli", "Stollen"},
	{BakeryCRMID, "US000000102DE", "US", "10001", "New York", "Café Lindner", "Lebkuchen"},
	{BakeryCRMID, "NO000000103DE", "NO", "0150", "Oslo", "Bakeri Nord", "Brezeln"},
	{BooksCRMID, "GB000000201DE", "GB", "SW1A 1AA", "London", "Hatchards", "Books"},
	{GardenCRMID, "CH000000301NL", "CH", "3011", "Bern", "Gärtnerei Aare", "Tulip bulbs"},
}

// Render draws a customs document of a shipment for the carrier's identifier.
type Render func(identifier string, d shipment.Draft) ([]byte, error)

// SeedCustomsDocuments stores the demo customers' customs documents as the
// carrier would publish them (source CARRIER, fixed carrier ids): running
// it again stores nothing twice. It answers how many it stored.
func SeedCustomsDocuments(ctx context.Context, store customsdocs.Store, render Render, now time.Time) (int, error) {
	stored := 0
	for i, c := range demoCustoms {
		customerID, err := store.CustomerOf(ctx, c.crmid)
		if err != nil {
			return stored, fmt.Errorf("customs documents of %s: %w", c.crmid, err)
		}
		doc, err := render(c.identifier, shipment.Draft{
			Fields: map[string]string{
				"name": c.name, "street": "Hauptstrasse", "no": "1", "postalcode": c.postalCode, "city": c.city,
				"isoCountry": c.country, "weight": "1200", "product": "EPAQSTD", "content": "Goods", "currency": "EUR",
			},
			OrderLines: []map[string]string{{"description": c.article, "quantity": "3", "weight": "400", "value": "14.90",
				"hstarifnumber": "190590", "origincountry": "DE"}},
		})
		if err != nil {
			return stored, err
		}
		_, created, err := store.Add(ctx, customsdoc.Document{
			CustomerID: customerID, Identifier: c.identifier, Source: customsdoc.SourceCarrier, CarrierDocumentID: "DEMO-" + c.identifier,
			Filename: customsdoc.CarrierFilename(c.identifier), ContentType: "application/pdf",
			UploadedAt: now.Add(-time.Duration(len(demoCustoms)-i) * time.Hour), UploadedBy: customsdoc.UploadedByCarrier,
		}, doc)
		if err != nil {
			return stored, err
		}
		if created {
			stored++
		}
	}
	return stored, nil
}
