package batch

import (
	"context"

	"parcelportal/app/batchjob"
	"parcelportal/core/access"
	"parcelportal/core/batch"
	"parcelportal/core/failure"
)

// ShipmentView is a shipment with the row actions the caller has.
type ShipmentView struct {
	batch.Shipment
	Updateable bool
	Deleteable bool
}

func shipmentView(s batch.Shipment) ShipmentView {
	return ShipmentView{Shipment: s, Updateable: s.Updateable(), Deleteable: s.Deleteable()}
}

// batchShipment reads a shipment of a visible batch; a shipment of another
// batch does not exist here.
func (s Service) batchShipment(ctx context.Context, caller *access.Caller, batchID, shipmentID int64) (batch.Shipment, error) {
	if _, err := s.visible(ctx, caller, batchID); err != nil {
		return batch.Shipment{}, err
	}
	sh, err := s.Store.Shipment(ctx, shipmentID)
	if err != nil {
		return batch.Shipment{}, err
	}
	if sh.BatchID != batchID {
		return batch.Shipment{}, batch.ErrShipmentNotFound
	}
	return sh, nil
}

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
	row, err := s.Store.Row(ctx, sh.ValidatedShipmentID)
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

// startOne checks the batch under its lock and queues a job on one shipment.
func (s Service) startOne(ctx context.Context, sh batch.Shipment, kind batchjob.Kind, allow func(batch.Batch) error) (ShipmentView, error) {
	if _, err := s.Store.Update(ctx, sh.BatchID, func(b *batch.Batch) error { return allow(*b) }); err != nil {
		return ShipmentView{}, err
	}
	if err := s.enqueue(ctx, batchjob.Job{Kind: kind, BatchID: sh.BatchID, ShipmentID: sh.ID}); err != nil {
		return ShipmentView{}, err
	}
	return shipmentView(sh), nil
}
