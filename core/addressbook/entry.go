// Package addressbook is a customer's address book (spec 2 sections 2.5, 3
// and 5.6): saved recipients a shipper picks in the parcel form, typed in
// one by one or imported from a CSV file. It decides what an entry must
// hold, when two entries are the same, how the list pages, and how the CSV
// file reads and writes (docs/address-book-csv.md).
package addressbook

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"time"

	"parcelportal/core/failure"
)

// Entry is one saved recipient of a customer.
type Entry struct {
	ID         int64
	CustomerID int64
	Address
	CreatedAt time.Time
	UpdatedAt time.Time
}

// Address is what an entry says about its recipient, in the spec's field
// order; Fields names them.
type Address struct {
	RecipientNumber string
	Name            string
	Contact         string
	Street          string
	No              string
	Street2         string
	Street3         string
	PostalCode      string
	City            string
	Region          string
	IsoCountry      string
	Email           string
	Mobile          string
	Phone           string
}

// Fields are the entry's field names as the JSON, the CSV header and the
// violations name them (spec 2 section 3), in this order.
var Fields = []string{
	"recipientNumber", "name", "contact", "street", "no", "street2", "street3",
	"postalcode", "city", "region", "isoCountry", "email", "mobile", "phone",
}

// values are the address's fields in the order of Fields.
func (a *Address) values() []*string {
	return []*string{
		&a.RecipientNumber, &a.Name, &a.Contact, &a.Street, &a.No, &a.Street2, &a.Street3,
		&a.PostalCode, &a.City, &a.Region, &a.IsoCountry, &a.Email, &a.Mobile, &a.Phone,
	}
}

// Values returns the fields in the order of Fields.
func (a Address) Values() []string {
	v := a.values()
	out := make([]string, len(v))
	for i, p := range v {
		out[i] = *p
	}
	return out
}

// Set sets the field named name (one of Fields); other names are ignored.
func (a *Address) Set(name, value string) {
	if i, ok := fieldIndex[name]; ok {
		*a.values()[i] = value
	}
}

var fieldIndex = func() map[string]int {
	m := make(map[string]int, len(Fields))
	for i, f := range Fields {
		m[f] = i
	}
	return m
}()

// Normalized trims every field and writes the country code in capitals, as
// the entry is stored.
func (a Address) Normalized() Address {
	for _, p := range a.values() {
		*p = strings.TrimSpace(*p)
	}
	a.IsoCountry = strings.ToUpper(a.IsoCountry)
	return a
}

// Fingerprint identifies an address regardless of letter case: two entries
// of a customer with the same fingerprint are the same recipient, which the
// address book keeps once (a second identical entry is refused, and an
// import skips it). It is a hex SHA-256 of the normalized fields.
func (a Address) Fingerprint() string {
	n := a.Normalized()
	h := sha256.New()
	for _, v := range n.Values() {
		h.Write([]byte(strings.ToLower(v)))
		h.Write([]byte{0x1f})
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Message keys of the address book, translated by the webapp
// (webapp/src/errors/serverMessages.ts). Field violations use the keys of
// Validate.
const (
	// KeyChooseCustomer: the address book is a customer's; none is active
	// (the batch upload's 'choose customer', spec 2 section 5.6).
	KeyChooseCustomer = "error.csvShipment.message.chooseCustomer"
	// KeyNotFound: no entry with that id among the customer's.
	KeyNotFound = "error.addressBook.notFound"
	// KeyDuplicate: the customer's address book holds this address already.
	KeyDuplicate = "error.addressBook.duplicate"
	// KeyValidationErrors: rows of an import are not valid; {count} rows,
	// the first of them listed in {rows}; the field errors name each.
	KeyValidationErrors = "error.addressBook.validationErrors"
	// KeyTooManyRows: an import of {rows} entries, more than {maxRows}.
	KeyTooManyRows = "error.addressBook.tooManyRows"
	// KeyUnknownColumns: header cells that are no entry field: {columns}.
	KeyUnknownColumns = "error.csv.unknownColumns"
	// KeyDuplicateColumns: header cells naming a field twice: {columns}.
	KeyDuplicateColumns = "error.csv.duplicateColumns"
)

var (
	// ErrNotFound is an entry that does not exist for the caller.
	ErrNotFound = &failure.Error{Kind: failure.NotFound, Key: KeyNotFound, Entity: "addressBookEntry"}
	// ErrDuplicate is a second entry of the same recipient.
	ErrDuplicate = &failure.Error{Kind: failure.Conflict, Key: KeyDuplicate, Entity: "addressBookEntry"}
	// ErrChooseCustomer is an address-book call without an active customer.
	ErrChooseCustomer = failure.New(failure.Invalid, KeyChooseCustomer)
)

// FromFields is the address of a parcel's receiver: the CSV shipment fields
// a parcel form sends (name, contact, street, no, street2, street3,
// postalcode, city, region, isoCountry, email, mobile; core/shipment's
// names, which are the entry's) and the form's phone. Other fields are
// not the address's; a parcel has no recipient number.
func FromFields(fields map[string]string, phone string) Address {
	var a Address
	for _, f := range Fields {
		if f != "recipientNumber" && f != "phone" {
			a.Set(f, fields[f])
		}
	}
	a.Phone = phone
	return a
}
