package printers

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/printer"
)

// Update changes a customer's network printer (staff), to an address the
// server may reach.
func (s Service) Update(ctx context.Context, caller *access.Caller, p printer.Printer) (printer.Printer, error) {
	if err := configures.Check(caller); err != nil {
		return printer.Printer{}, err
	}
	p.Normalize()
	if err := p.Validate(); err != nil {
		return printer.Printer{}, err
	}
	if err := s.Device.Check(ctx, p.Host, p.Port); err != nil {
		return printer.Printer{}, err
	}
	return s.Store.Update(ctx, p)
}
