package organisation

import (
	"reflect"
	"testing"

	"parcelportal/core/failure"
)

func TestValidateFulfillment(t *testing.T) {
	if err := ValidateFulfillment(Fulfillment{Name: "Rhein"}.Normalize()); err != nil {
		t.Fatalf("valid: %v", err)
	}
	err := ValidateFulfillment(Fulfillment{Name: "  "}.Normalize())
	f, ok := failure.As(err)
	if !ok || len(f.Fields) != 1 || f.Fields[0].Field != "name" || f.Fields[0].Rule != RuleRequired {
		t.Fatalf("blank name: %v", err)
	}
}

func TestNormalizeFulfillmentDropsEmptyAndRepeatedCustomers(t *testing.T) {
	f := Fulfillment{Customers: []CustomerRef{{ID: 3}, {ID: 0}, {ID: -1}, {ID: 3}, {ID: 5}}}.Normalize()
	if got := f.CustomerIDs(); !reflect.DeepEqual(got, []int64{3, 5}) {
		t.Fatalf("CustomerIDs() = %v", got)
	}
}

func TestCustomersOfOthers(t *testing.T) {
	rhein := FulfillmentRef{ID: 1, Name: "Rhein"}
	maas := FulfillmentRef{ID: 2, Name: "Maas"}
	current := []Membership{
		{Customer: CustomerRef{ID: 10, Name: "Seitenwind"}, Fulfillment: rhein},
		{Customer: CustomerRef{ID: 11, Name: "De Linde"}, Fulfillment: rhein},
		{Customer: CustomerRef{ID: 12, Name: "Sonnenschein"}},
		{Customer: CustomerRef{ID: 13, Name: "Molen"}, Fulfillment: maas},
	}
	tests := []struct {
		name     string
		saving   int64
		selected []int64
		want     []int64
	}{
		{"own customers do not count", 1, []int64{10, 11}, nil},
		{"customer without fulfillment does not count", 1, []int64{12}, nil},
		{"unknown customer does not count", 1, []int64{99}, nil},
		{"customer of another fulfillment counts", 1, []int64{10, 13}, []int64{13}},
		{"new fulfillment: every member of another counts, in selection order", 0, []int64{13, 12, 10}, []int64{13, 10}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []int64
			for _, m := range CustomersOfOthers(tt.saving, tt.selected, current) {
				got = append(got, m.Customer.ID)
				if m.Fulfillment.ID == tt.saving {
					t.Fatalf("listed a member of the saved fulfillment: %+v", m)
				}
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("CustomersOfOthers = %v, want %v", got, tt.want)
			}
		})
	}
}
