package batches

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/batch"
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
	page, size, err = batch.Page(page, size)
	if err != nil {
		return nil, 0, err
	}
	return s.shipments(ctx, ShipmentQuery{BatchID: batchID, Filter: f, Page: page, Size: size})
}

// ListShipments pages a customer's shipments, newest first, through the filter.
func (s Service) ListShipments(ctx context.Context, caller *access.Caller, customerID int64, filter string, page, size int) ([]ShipmentView, int, error) {
	f, err := batch.ParseFilter(filter)
	if err != nil {
		return nil, 0, err
	}
	if err := forCustomer(caller, customerID); err != nil {
		return nil, 0, err
	}
	page, size, err = batch.Page(page, size)
	if err != nil {
		return nil, 0, err
	}
	return s.shipments(ctx, ShipmentQuery{CustomerID: customerID, Filter: f, Page: page, Size: size})
}

func (s Service) shipments(ctx context.Context, q ShipmentQuery) ([]ShipmentView, int, error) {
	list, total, err := s.Shipments.Shipments(ctx, q)
	if err != nil {
		return nil, 0, err
	}
	out := make([]ShipmentView, len(list))
	for i, sh := range list {
		out[i] = shipmentView(sh)
	}
	return out, total, nil
}
