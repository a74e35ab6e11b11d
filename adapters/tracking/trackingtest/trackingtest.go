// Package trackingtest is the contract of the tracking port
// (core/tracking.Service), run against the HTTP client talking to the
// simulator and against the memory fake.
package trackingtest

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"parcelportal/adapters/carrier/labels"
	"parcelportal/core/failure"
	"parcelportal/core/tracking"
)

// Fixture is a tracking service to test, an account it accepts, and how to
// tell it of a label (as the carrier does).
type Fixture struct {
	Service tracking.Service
	Account tracking.Account
	Label   func(customer string, l labels.Label)
}

// Base is the day the contract's labels are made; a service under test
// reads its clock an hour later, so only the label events have happened.
var Base = time.Date(2026, 3, 10, 0, 30, 0, 0, time.UTC)

func label(id, ref, name, country, product string, at time.Time) labels.Label {
	return labels.Label{Identifier: id, Reference: ref, Product: product, SenderHub: "DE", Date: at, Weight: "1.5",
		Receiver: labels.Address{Name: name, Street: "Main Street", No: "1", PostalCode: "1011AB", City: "Amsterdam", Country: country}}
}

// Run runs the contract; fresh returns an empty service for each test.
func Run(t *testing.T, fresh func(t *testing.T) Fixture) {
	ctx := context.Background()
	setup := func(t *testing.T) Fixture {
		f := fresh(t)
		f.Label("DE1", label("CP000000011DE", "order-1", "Anna Alder", "NL", "EPAQPLS", Base))
		f.Label("DE1", label("CP000000022DE", "order-2", "Bert Birch", "FR", "EPAQSTD", Base.Add(-time.Hour)))
		f.Label("DE1", label("CP000000033DE", "order-3", "Carla Cedar", "NL", "EPAQSCT", Base.Add(-2*time.Hour)))
		f.Label("NL2", label("CP000000044DE", "order-4", "Anna Other", "NL", "EPAQPLS", Base))
		return f
	}
	ids := func(p tracking.Page) []string {
		var out []string
		for _, r := range p.Rows {
			out = append(out, r.TrackingID)
		}
		return out
	}
	search := func(t *testing.T, f Fixture, c tracking.Criteria, m tracking.Meta) tracking.Page {
		t.Helper()
		c, m, err := tracking.Normalize(c, m)
		if err != nil {
			t.Fatal(err)
		}
		p, err := f.Service.Search(ctx, f.Account, c, m)
		if err != nil {
			t.Fatalf("search: %v", err)
		}
		return p
	}

	t.Run("a customer's search shows its parcels only, newest first", func(t *testing.T) {
		f := setup(t)
		p := search(t, f, tracking.Criteria{Customers: []string{"DE1"}}, tracking.Meta{})
		if got := ids(p); !slices.Equal(got, []string{"CP000000011DE", "CP000000022DE", "CP000000033DE"}) || p.Total != 3 {
			t.Fatalf("rows %v total %d", got, p.Total)
		}
		r := p.Rows[0]
		if r.CustomerID != "DE1" || r.RecipientName != "Anna Alder" || r.OrderID != "order-1" || r.ProductCode != "EPAQPLS" || !r.ShipmentDate.Equal(Base) || len(r.Sort) == 0 {
			t.Fatalf("row %+v", r)
		}
		other := search(t, f, tracking.Criteria{Customers: []string{"NL2"}}, tracking.Meta{})
		if got := ids(other); !slices.Equal(got, []string{"CP000000044DE"}) {
			t.Fatalf("other customer sees %v", got)
		}
	})

	t.Run("filters: ids, order ids, recipient, destination, product, dates, status", func(t *testing.T) {
		f := setup(t)
		de1 := []string{"DE1"}
		cases := []struct {
			name string
			c    tracking.Criteria
			want []string
		}{
			{"ids", tracking.Criteria{IDs: []string{"CP000000022DE", " order-3 "}}, []string{"CP000000022DE", "CP000000033DE"}},
			{"recipient contains, any case", tracking.Criteria{RecipientName: "anna"}, []string{"CP000000011DE"}},
			{"destination", tracking.Criteria{Destination: "fr"}, []string{"CP000000022DE"}},
			{"product", tracking.Criteria{ProductCode: "EPAQSCT"}, []string{"CP000000033DE"}},
			{"shipment date range", tracking.Criteria{From: Base.AddDate(0, 0, -1).Format(time.DateOnly), To: Base.AddDate(0, 0, -1).Format(time.DateOnly)}, []string{"CP000000022DE", "CP000000033DE"}},
			{"nothing delivered yet", tracking.Criteria{DateType: tracking.DeliveryDate, From: "2026-01-01"}, nil},
		}
		for _, tc := range cases {
			tc.c.Customers = de1
			if got := ids(search(t, f, tc.c, tracking.Meta{})); !slices.Equal(got, tc.want) {
				t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
			}
		}
		first := search(t, f, tracking.Criteria{Customers: de1}, tracking.Meta{}).Rows[0]
		status := tracking.StatusOf(first.LatestHarmonizedCode)
		if status < 0 {
			t.Fatalf("latest code %q is no status", first.LatestHarmonizedCode)
		}
		if got := search(t, f, tracking.Criteria{Customers: de1, Status: &status}, tracking.Meta{}); got.Total < 1 || !slices.Contains(ids(got), first.TrackingID) {
			t.Errorf("status %d: %v", status, ids(got))
		}
		delivered := tracking.StatusOf(tracking.Delivery)
		if got := search(t, f, tracking.Criteria{Customers: de1, Status: &delivered}, tracking.Meta{}); got.Total != 0 {
			t.Errorf("delivered: %v", ids(got))
		}
	})

	t.Run("search_after pages forward and back; page_no pages too", func(t *testing.T) {
		f := setup(t)
		c := tracking.Criteria{Customers: []string{"DE1"}}
		m := tracking.Meta{PageSize: 2}
		first := search(t, f, c, m)
		if got := ids(first); len(got) != 2 || first.Total != 3 {
			t.Fatalf("first page %v of %d", got, first.Total)
		}
		next := c
		next.Forward, next.SearchAfter = true, first.Rows[1].Sort
		second := search(t, f, next, m)
		if got := ids(second); !slices.Equal(got, []string{"CP000000033DE"}) || second.Total != 3 {
			t.Fatalf("second page %v of %d", got, second.Total)
		}
		back := c
		back.SearchAfter = second.Rows[0].Sort
		if got := ids(search(t, f, back, m)); !slices.Equal(got, ids(first)) {
			t.Fatalf("back %v, want %v", got, ids(first))
		}
		m.PageNo = 1
		if got := ids(search(t, f, c, m)); !slices.Equal(got, []string{"CP000000033DE"}) {
			t.Fatalf("page 1: %v", got)
		}
		asc := search(t, f, c, tracking.Meta{SortField: "tracking_id", SortOrder: "asc"})
		if got := ids(asc); !slices.IsSorted(got) || len(got) != 3 {
			t.Fatalf("by tracking id: %v", got)
		}
	})

	t.Run("details, events, receiver, sender and products", func(t *testing.T) {
		f := setup(t)
		d, err := f.Service.Parcel(ctx, f.Account, "CP000000011DE")
		if err != nil {
			t.Fatal(err)
		}
		if d.TrackingID != "CP000000011DE" || d.CustomerID != "DE1" || d.ProductCode != "EPAQPLS" || d.DestinationCCA2 != "NL" || d.Receiver.Name != "Anna Alder" || d.Receiver.City != "Amsterdam" {
			t.Fatalf("detail %+v", d)
		}
		if len(d.Events) == 0 || d.Events[0].HarmonizedCode != tracking.ElecNot {
			t.Fatalf("events %+v", d.Events)
		}
		es, err := f.Service.Events(ctx, f.Account, "CP000000011DE")
		if err != nil || len(es) != len(d.Events) {
			t.Fatalf("events %v %v", es, err)
		}
		rcv, err := f.Service.Receiver(ctx, f.Account, "CP000000011DE")
		if err != nil || rcv.Name != "Anna Alder" || rcv.Zip != "1011AB" {
			t.Fatalf("receiver %+v %v", rcv, err)
		}
		snd, err := f.Service.Sender(ctx, f.Account, "CP000000011DE")
		if err != nil || snd.Country != "DE" {
			t.Fatalf("sender %+v %v", snd, err)
		}
		ps, err := f.Service.Products(ctx, f.Account)
		if err != nil || !slices.ContainsFunc(ps, func(p tracking.Product) bool { return p.Code == "EPAQPLS" && p.Description != "" }) {
			t.Fatalf("products %v %v", ps, err)
		}
	})

	t.Run("an unknown parcel is not found", func(t *testing.T) {
		f := setup(t)
		for name, call := range map[string]func() error{
			"parcel":   func() error { _, err := f.Service.Parcel(ctx, f.Account, "CP999999999DE"); return err },
			"events":   func() error { _, err := f.Service.Events(ctx, f.Account, "CP999999999DE"); return err },
			"receiver": func() error { _, err := f.Service.Receiver(ctx, f.Account, "nope/../x"); return err },
			"sender":   func() error { _, err := f.Service.Sender(ctx, f.Account, "CP999999999DE"); return err },
		} {
			if err := call(); !failure.HasKey(err, tracking.KeyNotFound) {
				t.Errorf("%s: %v", name, err)
			}
		}
	})

	t.Run("a refused account is refused", func(t *testing.T) {
		f := setup(t)
		bad := f.Account
		bad.Password, bad.APIKey = "wrong", "wrong"
		if _, err := f.Service.Search(ctx, bad, tracking.Criteria{DateType: tracking.ShipmentDate}, tracking.Meta{PageSize: 10, SortField: tracking.ShipmentDate, SortOrder: "desc"}); !failure.HasKey(err, tracking.KeyRefused) {
			t.Errorf("search: %v", err)
		}
		if _, err := f.Service.Parcel(ctx, bad, "CP000000011DE"); !failure.HasKey(err, tracking.KeyRefused) {
			t.Errorf("parcel: %v", err)
		}
	})

	t.Run("malformed criteria are refused as invalid", func(t *testing.T) {
		f := setup(t)
		status := 99
		_, err := f.Service.Search(ctx, f.Account, tracking.Criteria{Status: &status, DateType: tracking.ShipmentDate}, tracking.Meta{PageSize: 10, SortField: tracking.ShipmentDate, SortOrder: "desc"})
		if e, ok := failure.As(err); !ok || e.Kind != failure.Invalid {
			t.Errorf("status 99: %v", err)
		}
	})

	t.Run("export holds the parcels found", func(t *testing.T) {
		f := setup(t)
		c, m, _ := tracking.Normalize(tracking.Criteria{Customers: []string{"DE1"}}, tracking.Meta{})
		raw, err := f.Service.Export(ctx, f.Account, c, m, tracking.CSV)
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range []string{"CP000000011DE", "CP000000033DE"} {
			if !strings.Contains(string(raw), id) {
				t.Errorf("export lacks %s:\n%s", id, raw)
			}
		}
		if strings.Contains(string(raw), "CP000000044DE") {
			t.Error("export holds another customer's parcel")
		}
	})
}
