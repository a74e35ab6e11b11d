package batches

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/batch"
)

// ListValidatedShipments returns the grid rows in file order.
func (s Service) ListValidatedShipments(ctx context.Context, caller *access.Caller, batchID int64, onlyInvalid bool) ([]batch.ValidatedShipment, error) {
	if _, err := s.visible(ctx, caller, batchID); err != nil {
		return nil, err
	}
	return s.Rows.Rows(ctx, batchID, onlyInvalid)
}

// GridPageSizeMax is the largest page of grid rows: a whole batch.
const GridPageSizeMax = batch.MaxRows

// ListValidatedShipmentsPage returns a page of the grid rows in file order
// (spec 2: the grid's page is 100 rows), their total and the most order
// lines of any row, so the grid's columns stay the same on every page.
func (s Service) ListValidatedShipmentsPage(ctx context.Context, caller *access.Caller, q RowQuery) (RowPage, error) {
	if _, err := s.visible(ctx, caller, q.BatchID); err != nil {
		return RowPage{}, err
	}
	q.Page, q.Size = max(q.Page, 0), min(max(q.Size, 1), GridPageSizeMax)
	return s.Rows.RowPage(ctx, q)
}
