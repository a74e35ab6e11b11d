package postgres

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/core/dashboard"
)

// DashboardCounts reads the dashboard's parcels per country from the
// counts the shipment triggers keep (migration 00025), never from the
// shipments themselves.
type DashboardCounts struct{ Pool *pgxpool.Pool }

// PerCountry answers the customer's labelled parcels per destination
// country, all time, largest first.
func (s DashboardCounts) PerCountry(ctx context.Context, customerID int64) ([]dashboard.CountryCount, error) {
	return queryAll(ctx, s.Pool, func(r pgx.Row) (dashboard.CountryCount, error) {
		var c dashboard.CountryCount
		err := r.Scan(&c.Country, &c.Count)
		return c, err
	}, `SELECT country, n FROM shipment_country_total WHERE customer_id = $1 AND n > 0 ORDER BY n DESC, country`, customerID)
}

// InCountries answers how many of the customer's parcels went to the
// countries on the search's days.
func (s DashboardCounts) InCountries(ctx context.Context, customerID int64, q dashboard.Search) (int64, error) {
	bound := func(t time.Time) pgtype.Date { return pgtype.Date{Time: t, Valid: !t.IsZero()} }
	var n int64
	err := s.Pool.QueryRow(ctx, `SELECT coalesce(sum(n), 0)::bigint FROM shipment_country_day
		WHERE customer_id = $1 AND country = ANY($2) AND ($3::date IS NULL OR day >= $3) AND ($4::date IS NULL OR day <= $4)`,
		customerID, q.Countries, bound(q.From), bound(q.To)).Scan(&n)
	return n, err
}
