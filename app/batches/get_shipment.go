package batches

import (
	"context"

	"parcelportal/core/access"
)

// ShipmentDetail is what the shipment page shows; the SOAP traffic is for
// admins only.
type ShipmentDetail struct {
	ShipmentView
	SOAPRequest  string
	SOAPResponse string
}

// GetShipment returns one shipment; admins also get its last SOAP exchange.
func (s Service) GetShipment(ctx context.Context, caller *access.Caller, id int64) (ShipmentDetail, error) {
	sh, err := s.visibleShipment(ctx, caller, id)
	if err != nil {
		return ShipmentDetail{}, err
	}
	d := ShipmentDetail{ShipmentView: shipmentView(sh)}
	if caller.IsAdmin() {
		if d.SOAPRequest, d.SOAPResponse, err = s.Exchanges.ShipmentTraffic(ctx, id); err != nil {
			return ShipmentDetail{}, err
		}
	}
	return d, nil
}
