package batches

import (
	"context"

	"parcelportal/app/batchjob"
	"parcelportal/core/access"
	"parcelportal/core/batch"
	"parcelportal/core/failure"
)

// SendShipment sends one changed or failed shipment of a sent batch again
// (spec 2 section 4.3). The job does the work; the shipment is answered as
// it stands.
func (s Service) SendShipment(ctx context.Context, caller *access.Caller, batchID, shipmentID int64) (ShipmentView, error) {
	sh, err := s.batchShipment(ctx, caller, batchID, shipmentID)
	if err != nil {
		return ShipmentView{}, err
	}
	// The job sends the row as it stands: a row with violations is fixed first.
	if sh.ValidatedShipmentID == 0 {
		return ShipmentView{}, failure.New(failure.Conflict, batch.KeyShipmentRowInvalid)
	}
	row, err := s.Rows.Row(ctx, sh.ValidatedShipmentID)
	if err != nil {
		return ShipmentView{}, err
	}
	if !row.Valid {
		return ShipmentView{}, failure.New(failure.Conflict, batch.KeyShipmentRowInvalid)
	}
	return s.startOne(ctx, sh, batchjob.SendOne, func(b batch.Batch) error {
		if !batch.Updateable(sh.Row(), b.Status) {
			return failure.New(failure.Conflict, batch.KeyShipmentNotSendable, "status", string(b.Status))
		}
		return nil
	})
}
