package printers

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/printer"
)

// Printed tells what a print job sent.
type Printed struct {
	Labels  int
	Printer printer.Printer
}

// Print sends a job of ZPL labels to one of the customer's network
// printers. The address is the stored printer's: the caller names only the
// customer and the printer's id.
func (s Service) Print(ctx context.Context, caller *access.Caller, customerID, printerID int64, zpl []byte) (Printed, error) {
	if err := usable(caller, customerID); err != nil {
		return Printed{}, err
	}
	if err := printer.CheckJob(zpl); err != nil {
		return Printed{}, err
	}
	p, err := s.Store.Get(ctx, customerID, printerID)
	if err != nil {
		return Printed{}, err
	}
	if err := s.Device.Send(ctx, p.Address(), zpl); err != nil {
		return Printed{}, err
	}
	return Printed{Labels: printer.Labels(zpl), Printer: p}, nil
}
