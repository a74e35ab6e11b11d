package addresses

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/addressbook"
)

// Imported is what an import did: entries stored, and rows skipped because
// the address book (or an earlier row of the file) holds the address already.
type Imported struct {
	Imported int
	Skipped  int
}

// Import reads an address-book CSV (addressbook.Read), validates every row
// first and, when any row fails, stores nothing and lists the failing rows
// (addressbook.ValidateRows). Otherwise it stores the new addresses in one
// transaction; importing the same file again stores nothing and skips
// every row.
func (s Service) Import(ctx context.Context, caller *access.Caller, customerID int64, csv []byte) (Imported, error) {
	if err := forCustomer(caller, customerID); err != nil {
		return Imported{}, err
	}
	rows, err := addressbook.Read(csv)
	if err != nil {
		return Imported{}, err
	}
	if err := addressbook.ValidateRows(rows); err != nil {
		return Imported{}, err
	}
	distinct := addressbook.Distinct(rows)
	addresses := make([]addressbook.Address, len(distinct))
	for i, r := range distinct {
		addresses[i] = r.Address
	}
	n, err := s.Entries.Import(ctx, customerID, addresses)
	if err != nil {
		return Imported{}, err
	}
	return Imported{Imported: n, Skipped: len(rows) - n}, nil
}
