// Package addresses holds the address-book use cases of spec 2 (sections
// 2.5, 5.6 and 7 "Address book"): list with search, create, read, edit,
// delete, CSV export and import, the CSV template, and storing a parcel's
// recipient when its form asks to. Every call is for the shipping roles
// (spec 2 section 6) and one customer the caller acts for; another
// customer's entry does not exist for the caller.
package addresses

import (
	"context"

	"parcelportal/core/addressbook"
)

// Entries keeps the customers' address books.
//
// Contract: List answers the page of q (search in Address.SearchText, any
// letter case; ordered by name in any letter case, then id) and the number
// of entries the search finds; All answers every entry of a customer in the
// same order. Get of an unknown id is addressbook.ErrNotFound. Create sets
// ID, CreatedAt and UpdatedAt; an entry whose Fingerprint the customer's
// book holds already is addressbook.ErrDuplicate. Update replaces the
// address of the entry with e.ID that belongs to e.CustomerID (else
// ErrNotFound) and sets UpdatedAt; another entry with its new fingerprint
// is ErrDuplicate. Delete removes the customer's entry (else ErrNotFound).
// Import stores, in one transaction, every address whose fingerprint the
// customer's book does not hold yet, and answers how many it stored;
// the addresses come distinct (addressbook.Distinct).
type Entries interface {
	List(ctx context.Context, q addressbook.Query) ([]addressbook.Entry, int, error)
	All(ctx context.Context, customerID int64) ([]addressbook.Entry, error)
	Get(ctx context.Context, id int64) (addressbook.Entry, error)
	Create(ctx context.Context, e addressbook.Entry) (addressbook.Entry, error)
	Update(ctx context.Context, e addressbook.Entry) (addressbook.Entry, error)
	Delete(ctx context.Context, customerID, id int64) error
	Import(ctx context.Context, customerID int64, addresses []addressbook.Address) (int, error)
}

// Service is the address-book use cases over their store.
type Service struct {
	Entries Entries
}
