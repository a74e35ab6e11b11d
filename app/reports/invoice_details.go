package reports

import (
	"context"
	"strings"

	"parcelportal/core/access"
	"parcelportal/core/invoice"
)

// InvoiceDetails reads back the stored commercial invoices of a number (GET
// web/api/shipments/commercial-invoice/{invoiceNumber}/details) of the
// customers the caller may act for, one per CRM id; none is 404
// (another customer's invoice does not exist for the caller).
func (s Service) InvoiceDetails(ctx context.Context, caller *access.Caller, number string) ([]invoice.Stored, error) {
	if err := access.Reporters.Check(caller); err != nil {
		return nil, err
	}
	customers, err := scope(caller, nil)
	if err != nil {
		return nil, err
	}
	number = invoice.NormalizeNumber(number)
	if number == "" {
		return nil, invoice.ErrNotFound
	}
	found, err := s.Stored.ByNumber(ctx, customers, number)
	if err != nil {
		return nil, err
	}
	if len(found) == 0 {
		return nil, invoice.ErrNotFound
	}
	return found, s.withOrderLines(ctx, found)
}

// withOrderLines fills in each invoiced shipment's order lines and currency
// as entered (spec 2: the details list the shipments with their order lines).
func (s Service) withOrderLines(ctx context.Context, found []invoice.Stored) error {
	var ids []int64
	for _, inv := range found {
		for _, sh := range inv.Shipments {
			ids = append(ids, sh.ID)
		}
	}
	rows, err := s.Store.Invoices(ctx, ids)
	if err != nil {
		return err
	}
	byID := make(map[int64]invoice.Labelled, len(rows))
	for _, r := range rows {
		byID[r.ShipmentID] = r.Labelled
	}
	for i := range found {
		for j := range found[i].Shipments {
			sh := &found[i].Shipments[j]
			draft := byID[sh.ID].Row.Draft()
			sh.OrderLines, sh.Currency = draft.OrderLines, strings.TrimSpace(draft.Fields["currency"])
			if sh.OrderLines == nil {
				sh.OrderLines = []map[string]string{}
			}
		}
	}
	return nil
}

// InvoiceCustomer is what the invoice dialog needs of a customer of the
// selection (spec 2 section 3, customer details for invoices): the consent
// gate's state and the CRM id its number is checked for.
type InvoiceCustomer struct {
	invoice.Consents
	Name  string
	CRMID string
}

// InvoiceSelection is what the invoice dialog reads of a selection: its
// customers, in the order of their first shipment, and what the form starts
// with (the EU declaration when every shipment stays inside the customs
// union).
type InvoiceSelection struct {
	Customers []InvoiceCustomer
	Defaults  invoice.Defaults
}

// InvoiceCustomers answers the customers of the selected shipments, each
// with its consents, so the dialog walks the gate before the form, and the
// form's defaults for the shipments' destinations; a shipment the caller
// may not see is 404.
func (s Service) InvoiceCustomers(ctx context.Context, caller *access.Caller, ids []int64) (InvoiceSelection, error) {
	chosen, err := s.selected(ctx, caller, ids)
	if err != nil {
		return InvoiceSelection{}, err
	}
	var out InvoiceSelection
	seen := map[int64]bool{}
	destinations := make([]invoice.Destination, 0, len(chosen))
	for _, r := range chosen {
		destinations = append(destinations, invoice.Destination{Country: r.Destination, PostalCode: r.PostalCode})
		if seen[r.CustomerID] {
			continue
		}
		seen[r.CustomerID] = true
		c, err := s.Customers.Get(ctx, r.CustomerID)
		if err != nil {
			return InvoiceSelection{}, err
		}
		out.Customers = append(out.Customers, InvoiceCustomer{Consents: consentsOf(c), Name: c.Name, CRMID: crmOf(c.CRMID, c.ID)})
	}
	catalog, err := s.Catalogs.Catalog(ctx)
	if err != nil {
		return InvoiceSelection{}, err
	}
	out.Defaults = invoice.DefaultsFor(catalog, destinations)
	return out, nil
}
