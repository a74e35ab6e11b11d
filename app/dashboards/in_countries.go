package dashboards

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/dashboard"
)

// InCountries answers the country search: how many of the customer's
// parcels went to the countries (comma-separated ISO codes) between the
// days from and to (ISO dates, both inclusive, either may be empty).
func (s Service) InCountries(ctx context.Context, caller *access.Caller, customerID int64, countries, from, to string) (int64, error) {
	if err := check(caller, customerID); err != nil {
		return 0, err
	}
	search, err := dashboard.ParseSearch(countries, from, to)
	if err != nil {
		return 0, err
	}
	return s.Counts.InCountries(ctx, customerID, search)
}
