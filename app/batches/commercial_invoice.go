package batches

import (
	"context"
	"fmt"

	"parcelportal/core/access"
	"parcelportal/core/batch"
	"parcelportal/core/failure"
	"parcelportal/core/invoice"
)

// CommercialInvoice renders the commercial invoices of a manifested batch
// with invoice data: one per invoice number, over its labelled shipments.
func (s Service) CommercialInvoice(ctx context.Context, caller *access.Caller, id int64) (File, error) {
	b, err := s.visible(ctx, caller, id)
	if err != nil {
		return File{}, err
	}
	if !b.HasInvoice {
		return File{}, failure.New(failure.NotFound, batch.KeyNoInvoice)
	}
	if !batch.OffersManifest(b.Status) {
		return File{}, batch.NotAllowedNow(b.Status, "downloadInvoice")
	}
	rows, err := s.Rows.Rows(ctx, id, false)
	if err != nil {
		return File{}, err
	}
	shipments, _, err := s.Shipments.Shipments(ctx, ShipmentQuery{BatchID: id, Filter: batch.FilterAll, Size: batch.MaxRows * 4})
	if err != nil {
		return File{}, err
	}
	identifiers := map[int64]string{}
	for _, sh := range shipments {
		if sh.Labelled() && sh.Success {
			identifiers[sh.ValidatedShipmentID] = sh.Identifier
		}
	}
	var labelled []invoice.Labelled
	for _, r := range rows {
		if ident, ok := identifiers[r.ID]; ok {
			labelled = append(labelled, invoice.Labelled{Row: r.Validated, Identifier: ident})
		}
	}
	c, err := s.Customers.Get(ctx, b.CustomerID)
	if err != nil {
		return File{}, err
	}
	seller := invoice.Party{Name: c.Name, Street: c.Address.Street, Postcode: c.Address.ZipCode, City: c.Address.City,
		Country: c.Address.CountryCode, EORI: c.SellerEORI, TaxID: c.SenderTaxID}
	invoices := invoice.Build(seller, labelled)
	if len(invoices) == 0 {
		return File{}, failure.New(failure.NotFound, batch.KeyNoInvoice)
	}
	doc, err := s.Invoices.RenderCommercialInvoices(invoices)
	if err != nil {
		return File{}, fmt.Errorf("render commercial invoice of batch %d: %w", id, err)
	}
	return File{Name: fmt.Sprintf("commercial-invoice-%d.pdf", id), ContentType: ContentPDF, Data: doc}, nil
}
