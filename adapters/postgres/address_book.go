package postgres

import (
	"context"
	"errors"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/core/addressbook"
)

// AddressBook keeps the customers' address books (table address_book_entry,
// migration 00016).
type AddressBook struct{ Pool *pgxpool.Pool }

const addressColumns = "recipient_number, name, contact, street, no, street2, street3, postalcode, city, region, iso_country, email, mobile, phone"

const entryColumns = "id, customer_id, " + addressColumns + ", created_at, updated_at"

func scanEntry(row pgx.Row) (addressbook.Entry, error) {
	var e addressbook.Entry
	a := &e.Address
	err := row.Scan(&e.ID, &e.CustomerID, &a.RecipientNumber, &a.Name, &a.Contact, &a.Street, &a.No, &a.Street2, &a.Street3,
		&a.PostalCode, &a.City, &a.Region, &a.IsoCountry, &a.Email, &a.Mobile, &a.Phone, &e.CreatedAt, &e.UpdatedAt)
	return e, err
}

func collectEntries(rows pgx.Rows) ([]addressbook.Entry, error) {
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (addressbook.Entry, error) { return scanEntry(r) })
}

// addressArgs are an address's values in addressColumns' order, then its
// search text and fingerprint.
func addressArgs(a addressbook.Address) []any {
	out := make([]any, 0, len(addressbook.Fields)+2)
	for _, v := range a.Values() {
		out = append(out, v)
	}
	return append(out, a.SearchText(), a.Fingerprint())
}

// likePattern finds text anywhere, its own % and _ taken literally.
func likePattern(search string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return "%" + r.Replace(strings.ToLower(search)) + "%"
}

// List answers one page of a customer's entries found by the search, by
// name, and how many the search finds. Without a search the count and the
// page each take an index; a search reads its hits once (trigram index),
// counting them beside the page.
func (s AddressBook) List(ctx context.Context, q addressbook.Query) ([]addressbook.Entry, int, error) {
	if q.Search == "" {
		var total int
		if err := s.Pool.QueryRow(ctx, "SELECT count(*) FROM address_book_entry WHERE customer_id = $1", q.CustomerID).Scan(&total); err != nil {
			return nil, 0, err
		}
		rows, err := s.Pool.Query(ctx, "SELECT "+entryColumns+" FROM address_book_entry WHERE customer_id = $1 ORDER BY lower(name), id LIMIT $2 OFFSET $3",
			q.CustomerID, q.Size, q.Page*q.Size)
		if err != nil {
			return nil, 0, err
		}
		list, err := collectEntries(rows)
		return list, total, err
	}
	rows, err := s.Pool.Query(ctx, "SELECT "+entryColumns+", count(*) OVER () FROM address_book_entry WHERE customer_id = $1 AND search_text LIKE $2"+
		" ORDER BY lower(name), id LIMIT $3 OFFSET $4", q.CustomerID, likePattern(q.Search), q.Size, q.Page*q.Size)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	list, total := []addressbook.Entry{}, 0
	for rows.Next() {
		var e addressbook.Entry
		a := &e.Address
		if err := rows.Scan(&e.ID, &e.CustomerID, &a.RecipientNumber, &a.Name, &a.Contact, &a.Street, &a.No, &a.Street2, &a.Street3,
			&a.PostalCode, &a.City, &a.Region, &a.IsoCountry, &a.Email, &a.Mobile, &a.Phone, &e.CreatedAt, &e.UpdatedAt, &total); err != nil {
			return nil, 0, err
		}
		list = append(list, e)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, err
	}
	if len(list) == 0 && q.Page > 0 {
		// Past the last page the window counts nothing: count apart.
		err := s.Pool.QueryRow(ctx, "SELECT count(*) FROM address_book_entry WHERE customer_id = $1 AND search_text LIKE $2",
			q.CustomerID, likePattern(q.Search)).Scan(&total)
		return list, total, err
	}
	return list, total, nil
}

// All answers every entry of a customer, by name.
func (s AddressBook) All(ctx context.Context, customerID int64) ([]addressbook.Entry, error) {
	rows, err := s.Pool.Query(ctx, "SELECT "+entryColumns+" FROM address_book_entry WHERE customer_id = $1 ORDER BY lower(name), id", customerID)
	if err != nil {
		return nil, err
	}
	return collectEntries(rows)
}

// Get reads one entry.
func (s AddressBook) Get(ctx context.Context, id int64) (addressbook.Entry, error) {
	e, err := scanEntry(s.Pool.QueryRow(ctx, "SELECT "+entryColumns+" FROM address_book_entry WHERE id = $1", id))
	if errors.Is(err, pgx.ErrNoRows) {
		return addressbook.Entry{}, addressbook.ErrNotFound
	}
	return e, err
}

// Create stores a new entry.
func (s AddressBook) Create(ctx context.Context, e addressbook.Entry) (addressbook.Entry, error) {
	args := append([]any{e.CustomerID}, addressArgs(e.Address)...)
	saved, err := scanEntry(s.Pool.QueryRow(ctx, `INSERT INTO address_book_entry (customer_id, `+addressColumns+`, search_text, fingerprint)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
		RETURNING `+entryColumns, args...))
	if isUniqueViolation(err) {
		return addressbook.Entry{}, addressbook.ErrDuplicate
	}
	return saved, err
}

// Update replaces the address of the customer's entry.
func (s AddressBook) Update(ctx context.Context, e addressbook.Entry) (addressbook.Entry, error) {
	args := append([]any{e.ID, e.CustomerID}, addressArgs(e.Address)...)
	saved, err := scanEntry(s.Pool.QueryRow(ctx, `UPDATE address_book_entry SET (`+addressColumns+`, search_text, fingerprint, updated_at)
		= ($3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, now())
		WHERE id = $1 AND customer_id = $2 RETURNING `+entryColumns, args...))
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return addressbook.Entry{}, addressbook.ErrNotFound
	case isUniqueViolation(err):
		return addressbook.Entry{}, addressbook.ErrDuplicate
	}
	return saved, err
}

// Delete removes the customer's entry.
func (s AddressBook) Delete(ctx context.Context, customerID, id int64) error {
	tag, err := s.Pool.Exec(ctx, "DELETE FROM address_book_entry WHERE id = $1 AND customer_id = $2", id, customerID)
	if err == nil && tag.RowsAffected() == 0 {
		return addressbook.ErrNotFound
	}
	return err
}

// Import stores the addresses the customer's book does not hold yet, in one
// statement (so all or nothing), and answers how many it stored.
func (s AddressBook) Import(ctx context.Context, customerID int64, addresses []addressbook.Address) (int, error) {
	cols := make([][]string, len(addressbook.Fields)+2)
	for i := range cols {
		cols[i] = make([]string, len(addresses))
	}
	for j, a := range addresses {
		for i, v := range addressArgs(a) {
			cols[i][j] = v.(string)
		}
	}
	args := []any{customerID}
	for _, c := range cols {
		args = append(args, c)
	}
	tag, err := s.Pool.Exec(ctx, `INSERT INTO address_book_entry (customer_id, `+addressColumns+`, search_text, fingerprint)
		SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
			$10::text[], $11::text[], $12::text[], $13::text[], $14::text[], $15::text[], $16::text[], $17::text[])
		ON CONFLICT (customer_id, fingerprint) DO NOTHING`, args...)
	if err != nil {
		return 0, err
	}
	return int(tag.RowsAffected()), nil
}
