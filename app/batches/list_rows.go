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
