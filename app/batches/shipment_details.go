package batches

import (
	"context"

	"parcelportal/core/access"
)

// OrderLines are a shipment's order lines and the currency of their values.
type OrderLines struct {
	Lines    []map[string]string
	Currency string
}

// ShipmentDetails returns the order lines and currency of a shipment, as
// its grid row holds them.
func (s Service) ShipmentDetails(ctx context.Context, caller *access.Caller, id int64) (OrderLines, error) {
	sh, err := s.visibleShipment(ctx, caller, id)
	if err != nil {
		return OrderLines{}, err
	}
	if sh.ValidatedShipmentID == 0 {
		return OrderLines{Lines: []map[string]string{}}, nil
	}
	row, err := s.Rows.Row(ctx, sh.ValidatedShipmentID)
	if err != nil {
		return OrderLines{}, err
	}
	d := row.Draft()
	lines := d.OrderLines
	if lines == nil {
		lines = []map[string]string{}
	}
	return OrderLines{Lines: lines, Currency: d.Fields["currency"]}, nil
}
