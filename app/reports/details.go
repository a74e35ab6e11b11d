package reports

import (
	"context"
	"strings"

	"parcelportal/app/batches"
	"parcelportal/core/access"
	"parcelportal/core/batch"
	"parcelportal/core/report"
	"parcelportal/core/shipment"
)

// Entries reads what a report row's details dialogs show of its shipment.
//
// Contract: Rows answers the rows of the given shipment ids within the
// customers (nil: any), cancelled shipments left out (as Store.Rows).
// Entered answers the validated row the shipment was made from (fields and
// order lines); a shipment without one answers an empty row. Exchanges
// answers every request (or response) exchanged for the shipment, in order,
// with its operation and time; none is an empty list.
type Entries interface {
	Rows(ctx context.Context, customers []int64, ids []int64) ([]report.Row, error)
	Entered(ctx context.Context, shipmentID int64) (shipment.Validated, error)
	Exchanges(ctx context.Context, shipmentID int64, responses bool) ([]batches.Exchange, error)
}

// Details holds the report row's details dialogs (spec 2 sections 2.4 and
// 6): customs details, invoice data and, for admins, the carrier traffic.
type Details struct {
	Entries Entries
}

// ShipmentDetails is what the details dialogs of a row show.
type ShipmentDetails struct {
	Identifier      string
	ReferenceNumber string
	// OrderLines are the customs details, each field name to value.
	OrderLines []map[string]string
	Currency   string
	// Invoice maps each of the invoice columns (core/shipment.InvoiceFields)
	// to the row's value.
	Invoice map[string]string
}

// Shipment answers the customs details and invoice data of a report row
// the caller may see.
func (d Details) Shipment(ctx context.Context, caller *access.Caller, id int64) (ShipmentDetails, error) {
	row, err := d.row(ctx, caller, id)
	if err != nil {
		return ShipmentDetails{}, err
	}
	entered, err := d.Entries.Entered(ctx, id)
	if err != nil {
		return ShipmentDetails{}, err
	}
	draft := entered.Draft()
	out := ShipmentDetails{Identifier: row.Identifier, ReferenceNumber: row.ReferenceNumber,
		OrderLines: draft.OrderLines, Currency: strings.TrimSpace(draft.Fields["currency"]),
		Invoice: make(map[string]string, len(shipment.InvoiceFields))}
	if out.OrderLines == nil {
		out.OrderLines = []map[string]string{}
	}
	for _, name := range shipment.InvoiceFields {
		out.Invoice[name] = strings.TrimSpace(draft.Fields[name])
	}
	return out, nil
}

// Traffic (admins) sends every SOAP request or response exchanged for a
// report row's shipment as one XML document, as the batch traffic download
// writes it.
func (d Details) Traffic(ctx context.Context, caller *access.Caller, id int64, kind string) (File, error) {
	if err := access.Admins.Check(caller); err != nil {
		return File{}, err
	}
	responses, err := batch.TrafficKind(kind)
	if err != nil {
		return File{}, err
	}
	if _, err := d.row(ctx, caller, id); err != nil {
		return File{}, err
	}
	exchanges, err := d.Entries.Exchanges(ctx, id, responses)
	if err != nil {
		return File{}, err
	}
	return batches.TrafficFile("shipment", id, kind, exchanges), nil
}

// row reads a report row in the caller's scope; a shipment the caller may
// not see, or a cancelled one, does not exist for the caller.
func (d Details) row(ctx context.Context, caller *access.Caller, id int64) (report.Row, error) {
	if err := access.Reporters.Check(caller); err != nil {
		return report.Row{}, err
	}
	if id <= 0 {
		return report.Row{}, batch.ErrShipmentNotFound
	}
	customers, err := scope(caller, nil)
	if err != nil {
		return report.Row{}, err
	}
	rows, err := d.Entries.Rows(ctx, customers, []int64{id})
	if err != nil {
		return report.Row{}, err
	}
	if len(rows) != 1 {
		return report.Row{}, batch.ErrShipmentNotFound
	}
	return rows[0], nil
}
