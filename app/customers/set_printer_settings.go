package customers

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/customer"
	"parcelportal/core/failure"
)

// SetPrinterSettings changes the customer's label type (PDF or Zebra/ZPL),
// for the customer form's roles of a customer the caller acts for.
func (s Service) SetPrinterSettings(ctx context.Context, caller *access.Caller, id int64, labelType string) (string, error) {
	if err := access.FormUsers.Check(caller); err != nil {
		return "", err
	}
	lt, ok := customer.ParseLabelType(labelType)
	if !ok {
		return "", failure.InvalidFields(failure.FieldViolation{Object: "printerSettings", Field: "labelType", Rule: customer.RulePattern})
	}
	if !caller.CanActFor(id) {
		return "", customer.ErrNotFound
	}
	_, err := s.Store.Update(ctx, id, func(c *customer.Customer) error {
		c.LabelType = lt
		return nil
	})
	return lt, err
}
