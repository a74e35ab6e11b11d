package postgres

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/app/manifests"
	"parcelportal/core/manifest"
)

// RoutingOptions keeps the default routing options in routing_option
// (migration 00027, which seeds them).
type RoutingOptions struct{ Pool *pgxpool.Pool }

var _ manifests.RoutingOptions = RoutingOptions{}

// List answers every option ordered by country.
func (s RoutingOptions) List(ctx context.Context) ([]manifest.RoutingOption, error) {
	return queryAll(ctx, s.Pool, func(r pgx.Row) (manifest.RoutingOption, error) {
		var o manifest.RoutingOption
		err := r.Scan(&o.Country, &o.ManifestType, &o.Carrier, &o.UpdatedBy)
		return o, err
	}, `SELECT country_code, manifest_type, carrier, updated_by FROM routing_option ORDER BY country_code`)
}

// Save inserts or replaces the option of its country.
func (s RoutingOptions) Save(ctx context.Context, o manifest.RoutingOption) error {
	_, err := s.Pool.Exec(ctx, `INSERT INTO routing_option (country_code, manifest_type, carrier, updated_by) VALUES ($1, $2, $3, $4)
		ON CONFLICT (country_code) DO UPDATE SET manifest_type = EXCLUDED.manifest_type, carrier = EXCLUDED.carrier,
			updated_by = EXCLUDED.updated_by, updated_at = now()`, o.Country, o.ManifestType, o.Carrier, o.UpdatedBy)
	return err
}
