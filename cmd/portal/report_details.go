package main

import (
	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/adapters/postgres"
	"parcelportal/app/reports"
)

// reportDetailsOf wires the report rows' details dialogs: the rows, their
// entered fields and their carrier traffic, read from Postgres.
func reportDetailsOf(pool *pgxpool.Pool) reports.Details {
	return reports.Details{Entries: postgres.Reports{Pool: pool}}
}
