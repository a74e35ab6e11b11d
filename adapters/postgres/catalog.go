package postgres

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/core/reference"
)

// Catalog reads the carrier's reference data.
type Catalog struct{ Pool *pgxpool.Pool }

// Catalog reads every reference list in display order, in one round trip.
func (c Catalog) Catalog(ctx context.Context) (reference.Catalog, error) {
	var out reference.Catalog
	lists := map[string]*[]reference.Code{
		"product": &out.Products, "service": &out.Services, "option": &out.Options,
		"format": &out.Formats, "return_type": &out.ReturnTypes, "return_option": &out.ReturnOptions,
	}
	batch := &pgx.Batch{}
	codes, args := psql.Select("kind", "code", "name").From("reference_code").OrderBy("kind", "position").MustSql()
	batch.Queue(codes, args...).Query(func(rows pgx.Rows) error {
		var kind string
		var code reference.Code
		_, err := pgx.ForEachRow(rows, []any{&kind, &code.Code, &code.Name}, func() error {
			if list, ok := lists[kind]; ok {
				*list = append(*list, code)
			}
			return nil
		})
		return err
	})
	countries, args := psql.Select("country_code").From("tax_free_country").OrderBy("country_code").MustSql()
	batch.Queue(countries, args...).Query(func(rows pgx.Rows) (err error) {
		out.TaxFreeCountries, err = pgx.CollectRows(rows, pgx.RowTo[string])
		return err
	})
	ranges, args := psql.Select("country_code", "from_code", "to_code").From("customs_excluded_postal_range").
		Where("region = ?", "canary_islands").OrderBy("country_code", "from_code").MustSql()
	batch.Queue(ranges, args...).Query(func(rows pgx.Rows) (err error) {
		out.CanaryIslandsPostalRanges, err = pgx.CollectRows(rows, pgx.RowToStructByPos[reference.PostalRange])
		return err
	})
	if err := c.Pool.SendBatch(ctx, batch).Close(); err != nil {
		return reference.Catalog{}, fmt.Errorf("read reference data: %w", err)
	}
	return out, nil
}
