package batches

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
	// Cancellable: its label may be cancelled on its own now.
	Cancellable bool
	// DeleteRefusal is why DeleteShipment would refuse it now; nil: it may be deleted.
	DeleteRefusal *failure.Error
}

func shipmentView(s batch.Shipment) ShipmentView {
	return ShipmentView{Shipment: s, Updateable: s.Updateable(), Deleteable: s.Deleteable(), Cancellable: s.Cancellable(),
		DeleteRefusal: batch.ShipmentDeleteRefusal(s.BatchStatus, s)}
}

// batchShipment reads a shipment of a visible batch; a shipment of another
// batch does not exist here.
func (s Service) batchShipment(ctx context.Context, caller *access.Caller, batchID, shipmentID int64) (batch.Shipment, error) {
	if _, err := s.visible(ctx, caller, batchID); err != nil {
		return batch.Shipment{}, err
	}
	sh, err := s.Shipments.Shipment(ctx, shipmentID)
	if err != nil {
		return batch.Shipment{}, err
	}
	if sh.BatchID != batchID {
		return batch.Shipment{}, batch.ErrShipmentNotFound
	}
	return sh, nil
}

// startOne checks the batch under its lock and queues a job on one shipment.
func (s Service) startOne(ctx context.Context, sh batch.Shipment, kind batchjob.Kind, allow func(batch.Batch) error) (ShipmentView, error) {
	if _, err := s.Batches.Update(ctx, sh.BatchID, func(b *batch.Batch) error { return allow(*b) }); err != nil {
		return ShipmentView{}, err
	}
	if err := s.enqueue(ctx, batchjob.Job{Kind: kind, BatchID: sh.BatchID, ShipmentID: sh.ID}); err != nil {
		return ShipmentView{}, err
	}
	return shipmentView(sh), nil
}
