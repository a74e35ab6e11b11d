package trackingsearch_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"parcelportal/core/access"
	"parcelportal/core/inquiry"
	"parcelportal/core/tracking"
)

// marks answers a mark for the tracking ids it is asked about that it knows,
// and records what it was asked.
type marks struct{ asked []string }

func (m *marks) Marks(_ context.Context, _ *access.Caller, ids []string) (map[string]inquiry.Mark, error) {
	m.asked = append(m.asked, ids...)
	return map[string]inquiry.Mark{"CPBAKERY1DE": {CreatedAt: time.Date(2026, 4, 2, 9, 0, 0, 0, time.UTC), CreatedBy: "anna"}}, nil
}

// The grid's rows come with their latest inquiries, asked for the rows the
// caller sees only.
func TestSearchCarriesTheRowsInquiries(t *testing.T) {
	f := setup(t)
	m := &marks{}
	f.svc.Inquiries = m
	user := &access.Caller{Login: "anna", Roles: []access.Role{access.User}, CustomerID: f.bakery}
	res, err := f.svc.Search(ctx, user, tracking.Criteria{}, tracking.Meta{})
	if err != nil || res.Inquiries["CPBAKERY1DE"].CreatedBy != "anna" {
		t.Fatalf("search %+v, %v", res.Inquiries, err)
	}
	slices.Sort(m.asked)
	if !slices.Equal(m.asked, []string{"CPBAKERY1DE", "CPBAKERY2DE"}) {
		t.Fatalf("asked about %v", m.asked)
	}
}
