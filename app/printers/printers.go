// Package printers holds the use cases of network label printers: staff
// configure them per customer, the customer's users list them and print
// their stored ZPL labels to them through the server. The server reaches
// only the printers kept in the store, looked up by the caller's customer
// and the printer's id, on addresses the printer.Reach rule allows; a print
// job names labels, never bytes: no call sends a printer data a client
// wrote.
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

// Device reaches printers, only on the addresses the operator's printer.Reach
// rule allows.
type Device interface {
	// Check resolves a printer's host and refuses it when it cannot be
	// resolved or any of its addresses may not be reached.
	Check(ctx context.Context, host string, port int) error
	// Send sends a job to a printer's address and reports how it went: the
	// address refused, failure.Unavailable with printer.KeyConnectionFailed
	// when it cannot be reached, printer.KeyNotAPrinter when the peer is no
	// Zebra, printer.KeyPrintingFailed when the data did not get through.
	Send(ctx context.Context, address string, data []byte) error
}

// LabelFile is a stored label file as its download answers it.
type LabelFile struct {
	ContentType string
	Data        []byte
}

// LabelFiles reads the stored labels a caller may see, with the same checks
// as their downloads: another customer's batch, shipment or parcel is not
// found.
type LabelFiles interface {
	BatchLabels(ctx context.Context, caller *access.Caller, batchID int64) (LabelFile, error)
	ShipmentLabels(ctx context.Context, caller *access.Caller, ids []int64) (LabelFile, error)
	ParcelLabel(ctx context.Context, caller *access.Caller, id int64) (LabelFile, error)
	SearchLabels(ctx context.Context, caller *access.Caller, filter string) (LabelFile, error)
}

// Service holds the network printer use cases.
type Service struct {
	Store  Store
	Device Device
	Labels LabelFiles
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
