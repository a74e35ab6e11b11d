package batches

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/batch"
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
		if refusal := batch.ShipmentDeleteRefusal(b.Status, sh); refusal != nil {
			return refusal
		}
		return nil
	})
}
