package printers

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/printer"
)

// Create adds a network printer to a customer (staff), on an address the
// server may reach.
func (s Service) Create(ctx context.Context, caller *access.Caller, p printer.Printer) (printer.Printer, error) {
	if err := configures.Check(caller); err != nil {
		return printer.Printer{}, err
	}
	p.ID = 0
	p.Normalize()
	if err := p.Validate(); err != nil {
		return printer.Printer{}, err
	}
	if err := s.Device.Check(ctx, p.Host, p.Port); err != nil {
		return printer.Printer{}, err
	}
	return s.Store.Create(ctx, p)
}
