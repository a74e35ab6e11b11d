package batches

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/batch"
	"parcelportal/core/shipment"
)

// UpdateValidatedShipment replaces a row's values (a cell edit) while the
// grid is editable, validates the row again and recomputes the batch's
// validity. A row whose shipment already holds a label becomes changed: it
// is to be sent again.
func (s Service) UpdateValidatedShipment(ctx context.Context, caller *access.Caller, batchID, rowID int64, d shipment.Draft) (batch.ValidatedShipment, View, error) {
	b, err := s.visible(ctx, caller, batchID)
	if err != nil {
		return batch.ValidatedShipment{}, View{}, err
	}
	rules, err := s.rules(ctx, b.CustomerID)
	if err != nil {
		return batch.ValidatedShipment{}, View{}, err
	}
	row, saved, err := s.Rows.UpdateRow(ctx, batchID, rowID, func(b batch.Batch, r *batch.ValidatedShipment, labelled bool) error {
		if !batch.ActionsFor(b, caller.IsAdmin()).GridEditable {
			return batch.NotAllowedNow(b.Status, "editRow")
		}
		r.Validated = shipment.Validate(d, rules)
		r.Changed = r.Changed || labelled
		return nil
	})
	if err != nil {
		return batch.ValidatedShipment{}, View{}, err
	}
	return row, viewOf(caller, saved), nil
}
