package organisation

import (
	"slices"
	"strings"

	"parcelportal/core/failure"
)

// Fulfillment is a partner acting for several customers.
type Fulfillment struct {
	ID        int64
	Name      string
	CRMID     string
	Customers []CustomerRef
}

// Normalize trims the text fields and drops empty and repeated customers.
func (f Fulfillment) Normalize() Fulfillment {
	f.Name = strings.TrimSpace(f.Name)
	f.CRMID = strings.TrimSpace(f.CRMID)
	var cs []CustomerRef
	seen := map[int64]bool{}
	for _, c := range f.Customers {
		if IsEmptyRef(c.ID) || seen[c.ID] {
			continue
		}
		seen[c.ID] = true
		cs = append(cs, c)
	}
	f.Customers = cs
	return f
}

// CustomerIDs returns the ids of the fulfillment's customers.
func (f Fulfillment) CustomerIDs() []int64 {
	ids := make([]int64, len(f.Customers))
	for i, c := range f.Customers {
		ids[i] = c.ID
	}
	return ids
}

// ValidateFulfillment checks a normalized fulfillment: name required
// (entity.validation.required).
func ValidateFulfillment(f Fulfillment) error {
	if f.Name == "" {
		return failure.InvalidFields(failure.FieldViolation{Object: "fulfillment", Field: "name", Rule: RuleRequired})
	}
	return nil
}

// Membership says which fulfillment a customer belongs to now.
type Membership struct {
	Customer    CustomerRef
	Fulfillment FulfillmentRef
}

// CustomersOfOthers returns, in the order selected, the selected customers
// that belong to a fulfillment other than the one being saved (id 0 for a new
// one): the list the confirmation shows before they move.
func CustomersOfOthers(fulfillmentID int64, selected []int64, current []Membership) []Membership {
	var out []Membership
	for _, id := range selected {
		i := slices.IndexFunc(current, func(m Membership) bool { return m.Customer.ID == id })
		if i < 0 || current[i].Fulfillment.ID == fulfillmentID || IsEmptyRef(current[i].Fulfillment.ID) {
			continue
		}
		out = append(out, current[i])
	}
	return out
}
