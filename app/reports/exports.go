package reports

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"

	"parcelportal/core/access"
	"parcelportal/core/batch"
	"parcelportal/core/carrier"
	"parcelportal/core/customer"
	"parcelportal/core/failure"
	"parcelportal/core/invoice"
	"parcelportal/core/report"
)

// ExcelHeader is the header row of the Excel export; admins get the last
// three columns too.
var ExcelHeader = []string{"Submitted at", "Order number", "Recipient", "Postal code", "City", "Destination",
	"Product", "Service", "Additional services", "Format", "Tracking number", "Weight (kg)", "Value", "Currency",
	"Status", "Error", "Invoice number", "Label type", "Customer", "CRM id"}

// adminHeader are the admin-only columns of the Excel export.
var adminHeader = []string{"Parcel UUID", "API client", "Source"}

// Excel writes every row of the search (at most report.MaxExportRows; more
// is refused) as a spreadsheet: dates as date cells, numbers as numbers,
// one header row. The sheet is written as a stream while the rows are read.
func (s Service) Excel(ctx context.Context, caller *access.Caller, filter string) (File, error) {
	q, err := s.query(caller, filter)
	if err != nil {
		return File{}, err
	}
	admin := caller.IsAdmin()
	header := ExcelHeader
	if admin {
		header = append(slices.Clone(header), adminHeader...)
	}
	var out bytes.Buffer
	err = s.Sheet.Write(&out, header, func(yield func([]any) error) error {
		return s.Store.Each(ctx, q, report.MaxExportRows, func(r report.Row) error {
			return yield(excelRow(r.ForCaller(admin), admin))
		})
	})
	if err != nil {
		return File{}, reduce(err)
	}
	name := fmt.Sprintf("report-%s.xlsx", s.Now.UTC().Format("20060102-150405"))
	return File{Name: name, ContentType: ContentXLSX, Data: out.Bytes()}, nil
}

func excelRow(r report.Row, admin bool) []any {
	row := []any{r.SubmittedAt, r.ReferenceNumber, r.RecipientName, r.PostalCode, r.City, r.Destination,
		r.Product, r.Service, r.AdditionalOptions, r.Format, r.Identifier, r.Weight, r.Value, r.Currency,
		string(r.Status), r.ErrorMessage, r.InvoiceNumber, r.LabelType, r.CustomerName, r.CustomerCRMID}
	if admin {
		row = append(row, r.ParcelUUID, r.APIClient, r.Source)
	}
	return row
}

// Labels joins the labels of every row of the search.
func (s Service) Labels(ctx context.Context, caller *access.Caller, filter string) (File, error) {
	ids, err := s.resultIDs(ctx, caller, filter)
	if err != nil {
		return File{}, err
	}
	return s.labels(ctx, ids)
}

// LabelsByIDs joins the labels of the selected shipments.
func (s Service) LabelsByIDs(ctx context.Context, caller *access.Caller, ids []int64) (File, error) {
	rows, err := s.selected(ctx, caller, ids)
	if err != nil {
		return File{}, err
	}
	return s.labels(ctx, idsOf(rows))
}

// labels joins PDF labels into one PDF, ZPL labels into one print job;
// labels of different types are never mixed.
func (s Service) labels(ctx context.Context, ids []int64) (File, error) {
	docs, err := s.Store.Labels(ctx, ids)
	if err != nil {
		return File{}, err
	}
	if len(docs) == 0 {
		return File{}, failure.New(failure.NotFound, report.KeyNoLabels)
	}
	kind, err := carrier.OneKind(docs, func(d Document) string { return carrier.LabelKind(d.LabelType, d.ContentType) })
	if err != nil {
		return File{}, err
	}
	parts := make([][]byte, len(docs))
	for i, d := range docs {
		parts[i] = d.Data
	}
	stamp := s.Now.UTC().Format("20060102-150405")
	if kind == carrier.LabelPDF {
		merged, err := s.Merge(parts)
		if err != nil {
			return File{}, fmt.Errorf("merge %d report labels: %w", len(parts), err)
		}
		return File{Name: "labels-" + stamp + ".pdf", ContentType: ContentPDF, Data: merged}, nil
	}
	return File{Name: "labels-" + stamp + ".zpl", ContentType: ContentZPL, Data: carrier.JoinZPL(parts)}, nil
}

// Invoices renders the commercial invoices of every row of the search.
func (s Service) Invoices(ctx context.Context, caller *access.Caller, filter string) (File, error) {
	ids, err := s.resultIDs(ctx, caller, filter)
	if err != nil {
		return File{}, err
	}
	return s.invoices(ctx, ids)
}

// InvoicesByIDs renders the commercial invoices of the selected shipments.
func (s Service) InvoicesByIDs(ctx context.Context, caller *access.Caller, ids []int64) (File, error) {
	rows, err := s.selected(ctx, caller, ids)
	if err != nil {
		return File{}, err
	}
	return s.invoices(ctx, idsOf(rows))
}

// invoices renders the invoices of the shipments: a shipment on a stored
// invoice (made with the invoice dialog) as that invoice, the others as the
// invoice columns of their CSV rows give them, one per customer and invoice
// number, once their customers have passed the consent gate. A choice
// mixing shipments with invoice data and shipments without is refused:
// the download would silently leave some out.
func (s Service) invoices(ctx context.Context, ids []int64) (File, error) {
	rows, err := s.Store.Invoices(ctx, ids)
	if err != nil {
		return File{}, err
	}
	stored, err := s.Stored.ForShipments(ctx, ids)
	if err != nil {
		return File{}, err
	}
	storedOf := map[int64]invoice.Stored{}
	byID := map[int64]invoice.Stored{}
	for _, st := range stored {
		byID[st.ID] = st
		for _, sh := range st.Shipments {
			storedOf[sh.ID] = st
		}
	}
	with := 0
	for _, r := range rows {
		if _, ok := storedOf[r.ShipmentID]; ok || strings.TrimSpace(r.Labelled.Row.Fields["invoiceNumber"].Value) != "" {
			with++
		}
	}
	if with == 0 {
		return File{}, failure.New(failure.NotFound, report.KeyNoInvoices)
	}
	if with != len(ids) {
		return File{}, failure.New(failure.Conflict, report.KeyDontMixInvoicesChoice)
	}
	order, byCustomer := groupByCustomer(rows)
	sellers, err := s.gate(ctx, order)
	if err != nil {
		return File{}, err
	}
	var all []invoice.Commercial
	for _, id := range order {
		seller := sellerOf(sellers[id])
		var fromCSV []invoice.Labelled
		var storedOrder []int64
		fromStore := map[int64][]invoice.Labelled{}
		for _, r := range byCustomer[id] {
			st, ok := storedOf[r.ShipmentID]
			if !ok {
				fromCSV = append(fromCSV, r.Labelled)
				continue
			}
			if _, seen := fromStore[st.ID]; !seen {
				storedOrder = append(storedOrder, st.ID)
			}
			fromStore[st.ID] = append(fromStore[st.ID], r.Labelled)
		}
		for _, invoiceID := range storedOrder {
			all = append(all, invoice.Make(seller, byID[invoiceID].Header, fromStore[invoiceID]))
		}
		all = append(all, invoice.Build(seller, fromCSV)...)
	}
	doc, err := s.Renderer.RenderCommercialInvoices(all)
	if err != nil {
		return File{}, fmt.Errorf("render %d report invoices: %w", len(all), err)
	}
	return File{Name: "commercial-invoices-" + s.Now.UTC().Format("20060102-150405") + ".pdf", ContentType: ContentPDF, Data: doc}, nil
}

// groupByCustomer groups the rows by customer, the customers in the order
// of their first row.
func groupByCustomer(rows []InvoiceRow) ([]int64, map[int64][]InvoiceRow) {
	var order []int64
	byCustomer := map[int64][]InvoiceRow{}
	for _, r := range rows {
		if _, ok := byCustomer[r.CustomerID]; !ok {
			order = append(order, r.CustomerID)
		}
		byCustomer[r.CustomerID] = append(byCustomer[r.CustomerID], r)
	}
	return order, byCustomer
}

// gate reads the customers an invoice is made for and passes them through
// the consent gate (spec 2 section 4.6), on the server too: GTC, then
// pricing for chargeable customers, then every seller EORI.
func (s Service) gate(ctx context.Context, ids []int64) (map[int64]customer.Customer, error) {
	sellers := make(map[int64]customer.Customer, len(ids))
	consents := make([]invoice.Consents, 0, len(ids))
	for _, id := range ids {
		c, err := s.Customers.Get(ctx, id)
		if err != nil {
			return nil, err
		}
		sellers[id] = c
		consents = append(consents, consentsOf(c))
	}
	return sellers, invoice.CheckGate(consents)
}

func consentsOf(c customer.Customer) invoice.Consents {
	return invoice.Consents{CustomerID: c.ID, GTCAccepted: c.GTC.Accepted, Chargeable: c.IsCommercialInvoiceChargeable,
		PricingAccepted: c.CIPricing.Accepted, SellerEORI: c.SellerEORI}
}

func sellerOf(c customer.Customer) invoice.Party {
	return invoice.Party{Name: c.Name, Street: c.Address.Street, Postcode: c.Address.ZipCode, City: c.Address.City,
		Country: c.Address.CountryCode, EORI: c.SellerEORI, TaxID: c.SenderTaxID}
}

// resultIDs are the shipments of a search, at most report.MaxLabelRows.
func (s Service) resultIDs(ctx context.Context, caller *access.Caller, filter string) ([]int64, error) {
	q, err := s.query(caller, filter)
	if err != nil {
		return nil, err
	}
	ids, err := s.Store.IDs(ctx, q, report.MaxLabelRows)
	if err != nil {
		return nil, reduce(err)
	}
	if len(ids) == 0 {
		return nil, failure.New(failure.NotFound, report.KeyNoShipmentsSelected)
	}
	return ids, nil
}

// selected reads the chosen shipments in the caller's scope; one the
// caller may not see does not exist for the caller.
func (s Service) selected(ctx context.Context, caller *access.Caller, ids []int64) ([]report.Row, error) {
	if err := access.Reporters.Check(caller); err != nil {
		return nil, err
	}
	if len(ids) == 0 {
		return nil, failure.New(failure.Invalid, report.KeyNoShipmentsSelected)
	}
	if len(ids) > report.MaxLabelRows {
		return nil, report.ErrReduceSearchCriteria
	}
	customers, err := scope(caller, nil)
	if err != nil {
		return nil, err
	}
	unique := slices.Clone(ids)
	slices.Sort(unique)
	unique = slices.Compact(unique)
	rows, err := s.Store.Rows(ctx, customers, unique)
	if err != nil {
		return nil, err
	}
	if len(rows) != len(unique) {
		return nil, batch.ErrShipmentNotFound
	}
	return rows, nil
}

func idsOf(rows []report.Row) []int64 {
	out := make([]int64, len(rows))
	for i, r := range rows {
		out[i] = r.ShipmentID
	}
	return out
}
