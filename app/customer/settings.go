package customer

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/customer"
	"parcelportal/core/failure"
)

// PrinterSettings reads the customer's label type.
func (s Service) PrinterSettings(ctx context.Context, caller *access.Caller, id int64) (string, error) {
	c, err := s.visible(ctx, caller, id)
	if err != nil {
		return "", err
	}
	lt, _ := customer.ParseLabelType(c.LabelType)
	return lt, nil
}

// SetPrinterSettings changes the customer's label type (PDF or Zebra/ZPL).
func (s Service) SetPrinterSettings(ctx context.Context, caller *access.Caller, id int64, labelType string) (string, error) {
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

// SetAutoManifest saves the customer's schedule when it is inactive or
// valid; unticking active clears time and days.
func (s Service) SetAutoManifest(ctx context.Context, caller *access.Caller, id int64, a customer.AutoManifest) (customer.AutoManifest, error) {
	if !caller.CanActFor(id) {
		return customer.AutoManifest{}, customer.ErrNotFound
	}
	a = a.Normalized()
	if a.Active {
		if v := a.Violations(); len(v) > 0 {
			var fields []failure.FieldViolation
			for f, r := range v {
				fields = append(fields, failure.FieldViolation{Object: "autoManifestDayTime", Field: f, Rule: r})
			}
			return customer.AutoManifest{}, failure.InvalidFields(fields...)
		}
		a = a.WithDays(a.Days)
	}
	saved, err := s.Store.Update(ctx, id, func(c *customer.Customer) error {
		c.AutoManifest = a
		return nil
	})
	return saved.AutoManifest, err
}
