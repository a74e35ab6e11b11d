package main

import (
	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/adapters/postgres"
	"parcelportal/app/parcels"
)

// parcelsOf wires the single-parcel use cases: parcels in Postgres, labels
// made at once through the same carrier client the batch jobs use.
func parcelsOf(pool *pgxpool.Pool, customers parcels.Customers, side carrierSide) parcels.Service {
	store := postgres.Parcels{Pool: pool}
	return parcels.Service{
		Parcels: store, Lister: store, Attempts: store, Files: store,
		Customers: customers,
		Hubs:      postgres.Hubs{Pool: pool},
		Catalogs:  postgres.Catalog{Pool: pool},
		Carrier:   side.client,
	}
}
