package dashboards

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/dashboard"
)

// PerCountry answers the customer's parcels per destination country, largest
// first (the map's markers and the top-countries table).
func (s Service) PerCountry(ctx context.Context, caller *access.Caller, customerID int64) ([]dashboard.CountryCount, error) {
	if err := check(caller, customerID); err != nil {
		return nil, err
	}
	counts, err := s.Counts.PerCountry(ctx, customerID)
	if err != nil {
		return nil, err
	}
	return dashboard.Sorted(counts), nil
}
