package main

import (
	"context"
	"log/slog"

	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/adapters/postgres"
	"parcelportal/app/addresses"
	"parcelportal/app/parcels"
	"parcelportal/core/access"
	"parcelportal/core/addressbook"
)

// parcelsOf wires the single-parcel use cases: parcels in Postgres, labels
// made at once through the same carrier client the batch jobs use, and the
// receiver kept in the address book when the form asks.
func parcelsOf(pool *pgxpool.Pool, customers parcels.Customers, side carrierSide) parcels.Service {
	store := postgres.Parcels{Pool: pool}
	return parcels.Service{
		Parcels: store, Lister: store, Attempts: store, Files: store,
		Customers: customers,
		Hubs:      postgres.Hubs{Pool: pool},
		Catalogs:  postgres.Catalog{Pool: pool},
		Carrier:   side.client,
		AddressBook: parcelReceivers{
			Book: addresses.Service{Entries: postgres.AddressBook{Pool: pool}},
		},
	}
}

// parcelReceivers is the parcels' AddressBook port over the address book's
// AddFromParcel: the receiver of the form (its CSV fields and phone) becomes
// an entry; one already in the book is left as it is.
//
// It is called after the parcel is stored, so a refusal (an address the
// book's rules reject, a store error) does not fail the create: the parcel
// exists and the customer can add the address by hand. The refusal is
// logged and AddFromParcel answers nil.
type parcelReceivers struct {
	Book addresses.Service
}

func (r parcelReceivers) AddFromParcel(ctx context.Context, caller *access.Caller, customerID int64, f parcels.Form) error {
	_, _, err := r.Book.AddFromParcel(ctx, caller, customerID, addressbook.FromFields(f.Draft.Fields, f.Phone))
	if err != nil {
		slog.WarnContext(ctx, "parcel receiver not added to the address book", "customer", customerID, "error", err)
	}
	return nil
}
