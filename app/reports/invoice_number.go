package reports

import (
	"context"
	"encoding/json"
	"slices"
	"strings"

	"parcelportal/core/access"
	"parcelportal/core/customer"
	"parcelportal/core/failure"
	"parcelportal/core/invoice"
)

// maxCRMIDs bounds the CRM ids one number check names.
const maxCRMIDs = 100

// KeyCRMIDs refuses a crmIds parameter that is not a JSON array of at most
// 100 CRM ids.
const KeyCRMIDs = "error.invoice.crmIds"

// CheckInvoiceNumber answers whether the invoice number (whitespace
// stripped) is taken for any of the CRM ids (crmIds, a JSON array: GET
// web/api/reports/checkInvoiceNumber). Each CRM id must be of a customer
// the caller may act for; another is refused as a customer that does not
// exist. An empty number is not taken.
func (s Service) CheckInvoiceNumber(ctx context.Context, caller *access.Caller, number, crmIDsJSON string) (bool, error) {
	if err := access.Reporters.Check(caller); err != nil {
		return false, err
	}
	var crmIDs []string
	if err := json.Unmarshal([]byte(crmIDsJSON), &crmIDs); err != nil || len(crmIDs) > maxCRMIDs {
		return false, failure.New(failure.Invalid, KeyCRMIDs)
	}
	for i := range crmIDs {
		crmIDs[i] = strings.TrimSpace(crmIDs[i])
	}
	slices.Sort(crmIDs)
	crmIDs = slices.Compact(crmIDs)
	if err := s.mayActForCRMIDs(ctx, caller, crmIDs); err != nil {
		return false, err
	}
	number = invoice.NormalizeNumber(number)
	if number == "" || len(crmIDs) == 0 {
		return false, nil
	}
	return s.Stored.NumberTaken(ctx, number, crmIDs)
}

// mayActForCRMIDs refuses a CRM id of a customer outside the caller's
// scope as not found. Staff reach every customer.
func (s Service) mayActForCRMIDs(ctx context.Context, caller *access.Caller, crmIDs []string) error {
	own, err := scope(caller, nil)
	if err != nil || own == nil {
		return err
	}
	mine := make([]string, 0, len(own))
	for _, id := range own {
		c, err := s.Customers.Get(ctx, id)
		if err != nil {
			return err
		}
		mine = append(mine, crmOf(c.CRMID, id))
	}
	for _, crm := range crmIDs {
		if !slices.Contains(mine, crm) {
			return customer.ErrNotFound
		}
	}
	return nil
}
