package customers

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/customer"
)

// PrinterSettings reads the customer's label type: every role acting for
// the customer reads it (the shipping pages follow it).
func (s Service) PrinterSettings(ctx context.Context, caller *access.Caller, id int64) (string, error) {
	c, err := s.visible(ctx, caller, id)
	if err != nil {
		return "", err
	}
	lt, _ := customer.ParseLabelType(c.LabelType)
	return lt, nil
}
