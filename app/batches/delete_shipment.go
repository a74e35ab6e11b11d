package batches

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/batch"
	"parcelportal/core/failure"
)

// DeleteShipment removes a shipment that holds no valid label, while no job
// works on its batch and the batch has no manifest. A labelled shipment is
// cancelled first (CancelShipment), so that no label stays valid at the
// carrier for a shipment the portal forgot.
func (s Service) DeleteShipment(ctx context.Context, caller *access.Caller, id int64) error {
	if _, err := s.visibleShipment(ctx, caller, id); err != nil {
		return err
	}
	return s.Shipments.DeleteShipment(ctx, id, func(b batch.Batch, sh batch.Shipment) error {
		switch {
		case b.Status == batch.ManifestCreated || b.Status == batch.CreatingManifest:
			return failure.New(failure.Conflict, batch.KeyShipmentInManifest)
		case b.Status.InProgress():
			return batch.NotAllowedNow(b.Status, "deleteShipment")
		case sh.Labelled():
			return failure.New(failure.Conflict, batch.KeyShipmentCancelFirst)
		}
		return nil
	})
}
