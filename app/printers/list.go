package printers

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/printer"
)

// List returns the customer's network printers to the roles that print for it.
func (s Service) List(ctx context.Context, caller *access.Caller, customerID int64) ([]printer.Printer, error) {
	if err := usable(caller, customerID); err != nil {
		return nil, err
	}
	return s.Store.List(ctx, customerID)
}
