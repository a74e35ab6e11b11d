package reports

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"parcelportal/core/access"
	"parcelportal/core/failure"
	"parcelportal/core/invoice"
)

// CreateInvoice makes the commercial invoice the invoice dialog asks for
// (POST web/api/reports/invoice) of the selected shipments: each must be
// the caller's to see (else 404), MANIFEST_CREATED and not a return, and on
// no invoice yet; the customers must have passed the consent gate (a step
// skipped is refused with its key). One invoice is stored per customer of
// the selection, under the number (unique per CRM id), with the header,
// amounts, the caller and the time, and the PDF of them all is answered.
func (s Service) CreateInvoice(ctx context.Context, caller *access.Caller, h invoice.Header, ids []int64) (File, error) {
	if err := access.Reporters.Check(caller); err != nil {
		return File{}, err
	}
	h, err := h.Check()
	if err != nil {
		return File{}, err
	}
	chosen, err := s.selected(ctx, caller, ids)
	if err != nil {
		return File{}, err
	}
	for _, r := range chosen {
		if !r.Invoiceable() {
			return File{}, failure.New(failure.Conflict, invoice.KeyNotInvoiceable, "shipmentId", strconv.FormatInt(r.ShipmentID, 10))
		}
	}
	rows, err := s.Store.Invoices(ctx, idsOf(chosen))
	if err != nil {
		return File{}, err
	}
	if len(rows) != len(chosen) {
		return File{}, failure.New(failure.Conflict, invoice.KeyNotInvoiceable)
	}
	order, byCustomer := groupByCustomer(rows)
	sellers, err := s.gate(ctx, order)
	if err != nil {
		return File{}, err
	}
	made := make([]invoice.Commercial, 0, len(order))
	keep := make([]invoice.Stored, 0, len(order))
	for _, id := range order {
		c := sellers[id]
		labelled := make([]invoice.Labelled, 0, len(byCustomer[id]))
		shipments := make([]invoice.StoredShipment, 0, len(byCustomer[id]))
		for _, r := range byCustomer[id] {
			labelled = append(labelled, r.Labelled)
			shipments = append(shipments, invoice.StoredShipment{ID: r.ShipmentID, Identifier: r.Labelled.Identifier})
		}
		inv := invoice.Make(sellerOf(c), h, labelled)
		inv.Date = s.Now.UTC()
		made = append(made, inv)
		keep = append(keep, invoice.Stored{CustomerID: id, CustomerName: c.Name, CRMID: crmOf(c.CRMID, id),
			Header: invoice.HeaderOf(inv), Currency: inv.Currency, Subtotal: inv.Subtotal, Total: inv.Total,
			Chargeable: c.IsCommercialInvoiceChargeable, CreatedBy: caller.Login, CreatedAt: s.Now.UTC(), Shipments: shipments})
	}
	doc, err := s.Renderer.RenderCommercialInvoices(made)
	if err != nil {
		return File{}, fmt.Errorf("render invoice %s: %w", h.Number, err)
	}
	if _, err := s.Stored.Save(ctx, keep); err != nil {
		return File{}, err
	}
	return File{Name: "commercial-invoice-" + fileSafe(h.Number) + ".pdf", ContentType: ContentPDF, Data: doc}, nil
}

// crmOf is the CRM id an invoice number is unique for: the customer's, or
// for a customer without one its id, so it shares no numbers with others.
func crmOf(crmID string, customerID int64) string {
	if crmID = strings.TrimSpace(crmID); crmID != "" {
		return crmID
	}
	return "#" + strconv.FormatInt(customerID, 10)
}

// fileSafe keeps letters, digits, '-' and '_' of a number for a file name.
func fileSafe(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			return r
		}
		return '_'
	}, s)
}
