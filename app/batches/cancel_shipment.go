package batches

import (
	"context"

	"parcelportal/app/batchjob"
	"parcelportal/core/access"
	"parcelportal/core/batch"
	"parcelportal/core/failure"
)

// CancelShipment cancels one shipment's label at the carrier, while the
// batch is sent and has no manifest.
func (s Service) CancelShipment(ctx context.Context, caller *access.Caller, batchID, shipmentID int64) (ShipmentView, error) {
	sh, err := s.batchShipment(ctx, caller, batchID, shipmentID)
	if err != nil {
		return ShipmentView{}, err
	}
	return s.startOne(ctx, sh, batchjob.CancelOne, func(b batch.Batch) error {
		if b.Status != batch.Sent || !sh.Labelled() {
			return failure.New(failure.Conflict, batch.KeyShipmentNotCancel, "status", string(b.Status))
		}
		return nil
	})
}
