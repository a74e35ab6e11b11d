// Package printers holds the use cases of network label printers: staff
// configure them per customer, the customer's users list them and print ZPL
// labels to them through the server. The server reaches only the printers
// kept in the store, looked up by the caller's customer and the printer's
// id: no call names an address.
package printers

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/printer"
)

// Store keeps the network printers of the customers.
type Store interface {
	// List returns the customer's printers by name, then id.
	List(ctx context.Context, customerID int64) ([]printer.Printer, error)
	// Get returns the printer of that customer; a missing id or another
	// customer's printer is printer.ErrNotFound.
	Get(ctx context.Context, customerID, id int64) (printer.Printer, error)
	// Create stores a new printer and sets its ID.
	Create(ctx context.Context, p printer.Printer) (printer.Printer, error)
	// Update stores the name, host, port and dpi of the customer's printer;
	// a missing id or another customer's printer is printer.ErrNotFound.
	Update(ctx context.Context, p printer.Printer) (printer.Printer, error)
	// Delete removes the customer's printer; missing is printer.ErrNotFound.
	Delete(ctx context.Context, customerID, id int64) error
}

// Device sends raw data to a printer's address and reports how it went:
// failure.Unavailable with printer.KeyConnectionFailed when it cannot be
// reached, printer.KeyPrintingFailed when the data did not get through.
type Device interface {
	Send(ctx context.Context, address string, data []byte) error
}

// Service holds the network printer use cases.
type Service struct {
	Store  Store
	Device Device
	// Qz signs QZ Tray requests; nil when the operator configured no key.
	Qz QzSigner
}

// configures may change printers: staff (admins and operations).
var configures = access.Staff

// prints may list a customer's printers and print to them: the shipping
// roles acting for the customer (tracking-only and API logins may not).
var prints = access.FormUsers

// usable checks that the caller may print for the customer; another
// customer's printers are not found.
func usable(caller *access.Caller, customerID int64) error {
	return prints.CheckFor(caller, customerID, printer.ErrNotFound)
}
