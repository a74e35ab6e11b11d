package reports

import (
	"slices"
	"testing"

	"parcelportal/core/access"
	"parcelportal/core/customer"
	"parcelportal/core/failure"
)

func TestScope(t *testing.T) {
	user := &access.Caller{Roles: []access.Role{access.User}, CustomerID: 5}
	fulfillment := &access.Caller{Roles: []access.Role{access.User}, FulfillmentID: 1, FulfillmentCustomers: []int64{8, 7}}
	service := &access.Caller{Roles: []access.Role{access.CustomerService}}
	unlinked := &access.Caller{Roles: []access.Role{access.User}}
	cases := []struct {
		name   string
		caller *access.Caller
		named  []int64
		want   []int64
		err    error
	}{
		{"a user: their customer", user, nil, []int64{5}, nil},
		{"a user naming theirs twice", user, []int64{5, 5}, []int64{5}, nil},
		{"a user naming another", user, []int64{6}, nil, customer.ErrNotFound},
		{"a fulfillment user: all theirs", fulfillment, nil, []int64{7, 8}, nil},
		{"a fulfillment user choosing one", fulfillment, []int64{8}, []int64{8}, nil},
		{"a fulfillment user naming one of theirs and another", fulfillment, []int64{8, 9}, nil, customer.ErrNotFound},
		{"staff: every customer", service, nil, nil, nil},
		{"staff naming one", service, []int64{9}, []int64{9}, nil},
		{"a login without customer", unlinked, nil, nil, customer.ErrNotFound},
	}
	for _, c := range cases {
		got, err := scope(c.caller, c.named)
		if err != c.err || !slices.Equal(got, c.want) || (c.want == nil && got != nil) {
			t.Errorf("%s: %v %v, want %v %v", c.name, got, err, c.want, c.err)
		}
	}
}

func TestQueryRefusesWhoMayNotReport(t *testing.T) {
	s := Service{}
	for _, roles := range [][]access.Role{{access.TrackingOnly}, {access.API}, nil} {
		_, err := s.query(&access.Caller{Roles: roles, CustomerID: 5}, "")
		if f, ok := failure.As(err); !ok || f.Kind != failure.Forbidden {
			t.Errorf("%v: %v", roles, err)
		}
	}
	if _, err := s.query(nil, ""); !failure.HasKey(err, "error.unauthenticated") {
		t.Errorf("anonymous: %v", err)
	}
}
