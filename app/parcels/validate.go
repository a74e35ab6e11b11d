package parcels

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/shipment"
)

// Validate checks a parcel form against the customer's rules, as a batch
// upload checks a CSV row, and stores nothing: every field comes back
// trimmed with its violations (message keys with attributes).
func (s Service) Validate(ctx context.Context, caller *access.Caller, customerID int64, f Form) (shipment.Validated, error) {
	if err := forCustomer(caller, customerID); err != nil {
		return shipment.Validated{}, err
	}
	_, rules, err := s.customerRules(ctx, customerID)
	if err != nil {
		return shipment.Validated{}, err
	}
	return f.validate(rules), nil
}
