package batch

import (
	"context"
	"fmt"

	"parcelportal/core/access"
	"parcelportal/core/batch"
	"parcelportal/core/customer"
	"parcelportal/core/failure"
)

// ListBatchShipments pages the shipments of a batch in file order through
// the filter.
func (s Service) ListBatchShipments(ctx context.Context, caller *access.Caller, batchID int64, filter string, page, size int) ([]ShipmentView, int, error) {
	f, err := batch.ParseFilter(filter)
	if err != nil {
		return nil, 0, err
	}
	if _, err := s.visible(ctx, caller, batchID); err != nil {
		return nil, 0, err
	}
	page, size = pageOf(page, size)
	return s.shipments(ctx, ShipmentQuery{BatchID: batchID, Filter: f, Page: page, Size: size})
}

// ListShipments pages a customer's shipments, newest first, through the filter.
func (s Service) ListShipments(ctx context.Context, caller *access.Caller, customerID int64, filter string, page, size int) ([]ShipmentView, int, error) {
	f, err := batch.ParseFilter(filter)
	if err != nil {
		return nil, 0, err
	}
	if customerID <= 0 {
		return nil, 0, batch.ErrChooseCustomer
	}
	if !caller.CanActFor(customerID) {
		return nil, 0, customer.ErrNotFound
	}
	page, size = pageOf(page, size)
	return s.shipments(ctx, ShipmentQuery{CustomerID: customerID, Filter: f, Page: page, Size: size})
}

func (s Service) shipments(ctx context.Context, q ShipmentQuery) ([]ShipmentView, int, error) {
	list, total, err := s.Store.Shipments(ctx, q)
	if err != nil {
		return nil, 0, err
	}
	out := make([]ShipmentView, len(list))
	for i, sh := range list {
		out[i] = shipmentView(sh)
	}
	return out, total, nil
}

// ShipmentDetail is what the shipment page shows; the SOAP traffic is for
// admins only.
type ShipmentDetail struct {
	ShipmentView
	SOAPRequest  string
	SOAPResponse string
}

// GetShipment returns one shipment; admins also get its last SOAP exchange.
func (s Service) GetShipment(ctx context.Context, caller *access.Caller, id int64) (ShipmentDetail, error) {
	sh, err := s.visibleShipment(ctx, caller, id)
	if err != nil {
		return ShipmentDetail{}, err
	}
	d := ShipmentDetail{ShipmentView: shipmentView(sh)}
	if caller.IsAdmin() {
		if d.SOAPRequest, d.SOAPResponse, err = s.Store.ShipmentTraffic(ctx, id); err != nil {
			return ShipmentDetail{}, err
		}
	}
	return d, nil
}

// ShipmentLabel sends a shipment's label: a PDF to preview or ZPL text.
func (s Service) ShipmentLabel(ctx context.Context, caller *access.Caller, id int64) (File, error) {
	sh, err := s.visibleShipment(ctx, caller, id)
	if err != nil {
		return File{}, err
	}
	doc, err := s.Store.ShipmentLabel(ctx, id)
	if err != nil {
		return File{}, err
	}
	if doc.Data == nil {
		return File{}, failure.New(failure.NotFound, batch.KeyShipmentNoLabel)
	}
	name := sh.Identifier
	if name == "" {
		name = fmt.Sprint(sh.ID)
	}
	if labelKind(doc) == "PDF" {
		return File{Name: "label-" + name + ".pdf", ContentType: ContentPDF, Data: doc.Data}, nil
	}
	return File{Name: "label-" + name + ".zpl", ContentType: ContentZPL, Data: doc.Data}, nil
}

// OrderLines are a shipment's order lines and the currency of their values.
type OrderLines struct {
	Lines    []map[string]string
	Currency string
}

// ShipmentDetails returns the order lines and currency of a shipment, as
// its grid row holds them.
func (s Service) ShipmentDetails(ctx context.Context, caller *access.Caller, id int64) (OrderLines, error) {
	sh, err := s.visibleShipment(ctx, caller, id)
	if err != nil {
		return OrderLines{}, err
	}
	if sh.ValidatedShipmentID == 0 {
		return OrderLines{Lines: []map[string]string{}}, nil
	}
	row, err := s.Store.Row(ctx, sh.ValidatedShipmentID)
	if err != nil {
		return OrderLines{}, err
	}
	d := row.Draft()
	lines := d.OrderLines
	if lines == nil {
		lines = []map[string]string{}
	}
	return OrderLines{Lines: lines, Currency: d.Fields["currency"]}, nil
}

// DeleteShipment removes a shipment that holds no valid label, while no job
// works on its batch and the batch has no manifest. A labelled shipment is
// cancelled first (CancelShipment), so that no label stays valid at the
// carrier for a shipment the portal forgot.
func (s Service) DeleteShipment(ctx context.Context, caller *access.Caller, id int64) error {
	if _, err := s.visibleShipment(ctx, caller, id); err != nil {
		return err
	}
	return s.Store.DeleteShipment(ctx, id, func(b batch.Batch, sh batch.Shipment) error {
		switch {
		case b.Status == batch.ManifestCreated || b.Status == batch.CreatingManifest:
			return failure.New(failure.Conflict, batch.KeyShipmentInManifest)
		case b.Status.InProgress():
			return notNow(b.Status, "deleteShipment")
		case sh.Labelled():
			return failure.New(failure.Conflict, batch.KeyShipmentCancelFirst)
		}
		return nil
	})
}
