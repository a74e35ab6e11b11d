package trackingsearch_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"parcelportal/adapters/carrier/labels"
	"parcelportal/adapters/memory"
	"parcelportal/adapters/sheet"
	"parcelportal/app/trackingsearch"
	"parcelportal/core/access"
	"parcelportal/core/customer"
	"parcelportal/core/failure"
	"parcelportal/core/tracking"
)

type fixture struct {
	svc                trackingsearch.Service
	fake               *memory.Tracking
	bakery, books, off int64
}

var day = time.Date(2026, 4, 1, 8, 0, 0, 0, time.UTC)

func setup(t *testing.T) fixture {
	t.Helper()
	ctx := context.Background()
	store := memory.NewCustomers(map[int64]string{1: "Frankfurt Hub"}, 1)
	add := func(name, crmid string, tracked bool) int64 {
		c := customer.New(1)
		c.Name, c.CRMID, c.APIUsername = name, crmid, "api"
		if tracked {
			c.TrackingUsername, c.Credentials.TrackingPassword = memory.TrackingUsername, memory.TrackingPassword
		}
		saved, err := store.Create(ctx, c)
		if err != nil {
			t.Fatal(err)
		}
		return saved.ID
	}
	f := fixture{fake: memory.NewTracking()}
	f.bakery, f.books, f.off = add("Bakery", "DE1", true), add("Books", "DE2", true), add("Untracked Co", "DE3", false)
	f.svc = trackingsearch.Service{Tracking: f.fake, Customers: store, Staff: tracking.Account{Version: tracking.V1, Username: memory.TrackingUsername, Password: memory.TrackingPassword}, Sheets: sheet.Writer{}}
	lbl := func(id, product string) labels.Label {
		return labels.Label{Identifier: id, Product: product, SenderHub: "DE", Date: day, Receiver: labels.Address{Name: "R " + id, Country: "NL"}}
	}
	f.fake.Labelled("DE1", lbl("CPBAKERY1DE", "EPAQPLS"))
	f.fake.Labelled("DE1", lbl("CPBAKERY2DE", "EPAQSTD"))
	f.fake.Labelled("DE2", lbl("CPBOOKS1DE", "EPAQPLS"))
	for _, id := range []string{"CPBAKERY1DE", "CPBAKERY2DE"} {
		f.fake.Scan(id, tracking.Event{HarmonizedCode: tracking.CheckIn, Time: day.Add(time.Hour), Source: "HUB", Code1: "S10", RawDesc: "SCAN"})
		f.fake.Scan(id, tracking.Event{HarmonizedCode: "CSCALL", Time: day.Add(2 * time.Hour), Source: "CS", CustomerService: true})
		f.fake.Scan(id, tracking.Event{HarmonizedCode: tracking.ArrDest, Time: day.Add(3 * time.Hour)})
	}
	return f
}

func ids(r trackingsearch.Result) []string {
	var out []string
	for _, row := range r.Rows {
		out = append(out, row.TrackingID)
	}
	slices.Sort(out)
	return out
}

var ctx = context.Background()

func TestRefusals(t *testing.T) {
	f := setup(t)
	for name, c := range map[string]*access.Caller{
		"anonymous": nil,
		"api only":  {Roles: []access.Role{access.API}, CustomerID: f.bakery},
		"no role":   {CustomerID: f.bakery},
	} {
		_, err := f.svc.Search(ctx, c, tracking.Criteria{}, tracking.Meta{})
		if e, ok := failure.As(err); !ok || (e.Kind != failure.Forbidden && e.Kind != failure.Unauthenticated) {
			t.Errorf("%s search: %v", name, err)
		}
		if _, err := f.svc.Parcel(ctx, c, "CPBAKERY1DE"); err == nil {
			t.Errorf("%s parcel allowed", name)
		}
	}
	untracked := &access.Caller{Roles: []access.Role{access.User}, CustomerID: f.off}
	if _, err := f.svc.Search(ctx, untracked, tracking.Criteria{}, tracking.Meta{}); !failure.HasKey(err, tracking.KeyNotEnabled) {
		t.Errorf("customer without tracking: %v", err)
	}
}

func TestScoping(t *testing.T) {
	f := setup(t)
	user := &access.Caller{Roles: []access.Role{access.User}, CustomerID: f.bakery}
	res, err := f.svc.Search(ctx, user, tracking.Criteria{}, tracking.Meta{})
	if err != nil || !slices.Equal(ids(res), []string{"CPBAKERY1DE", "CPBAKERY2DE"}) || res.Internal || res.Fulfillment {
		t.Fatalf("own search %v %+v %v", ids(res), res, err)
	}
	if res.Rows[0].SubsidiaryName != "" || res.Rows[0].CustomerName != "Bakery" {
		t.Errorf("row as a customer sees it: %+v", res.Rows[0])
	}
	// Asking for another customer's parcels finds nothing.
	res, err = f.svc.Search(ctx, user, tracking.Criteria{Customers: []string{"DE2"}}, tracking.Meta{})
	if err != nil || len(res.Rows) != 0 {
		t.Errorf("foreign customer: %v %v", ids(res), err)
	}
	for _, call := range []func() error{
		func() error { _, err := f.svc.Parcel(ctx, user, "CPBOOKS1DE"); return err },
		func() error { _, _, err := f.svc.Events(ctx, user, "CPBOOKS1DE"); return err },
		func() error { _, err := f.svc.Receiver(ctx, user, "CPBOOKS1DE"); return err },
		func() error { _, err := f.svc.Sender(ctx, user, "CPBOOKS1DE"); return err },
		func() error { _, err := f.svc.Parcel(ctx, user, "CPUNKNOWNDE"); return err },
	} {
		if err := call(); !failure.HasKey(err, tracking.KeyNotFound) {
			t.Errorf("another customer's parcel: %v", err)
		}
	}
	ful := &access.Caller{Roles: []access.Role{access.User}, FulfillmentID: 9, FulfillmentCustomers: []int64{f.bakery, f.books}}
	res, err = f.svc.Search(ctx, ful, tracking.Criteria{}, tracking.Meta{})
	if err != nil || len(res.Rows) != 3 || !res.Fulfillment {
		t.Fatalf("fulfillment, all its customers: %v %v", ids(res), err)
	}
	res, err = f.svc.Search(ctx, ful, tracking.Criteria{Customers: []string{"DE2", "DE9"}}, tracking.Meta{})
	if err != nil || !slices.Equal(ids(res), []string{"CPBOOKS1DE"}) {
		t.Fatalf("fulfillment choosing: %v %v", ids(res), err)
	}
	staff := &access.Caller{Roles: []access.Role{access.CustomerService}}
	res, err = f.svc.Search(ctx, staff, tracking.Criteria{}, tracking.Meta{})
	if err != nil || len(res.Rows) != 3 || !res.Internal {
		t.Fatalf("internal: %v %v", ids(res), err)
	}
}

func TestUntrackedProductsShowOnlyTheLabel(t *testing.T) {
	f := setup(t)
	user := &access.Caller{Roles: []access.Role{access.TrackingOnly}, CustomerID: f.bakery}
	p, err := f.svc.Parcel(ctx, user, "CPBAKERY2DE")
	if err != nil {
		t.Fatal(err)
	}
	var codes []string
	for _, e := range p.Events {
		codes = append(codes, e.HarmonizedCode)
		if e.Source != "" || e.RawDesc != "" {
			t.Errorf("carrier's words shown: %+v", e)
		}
	}
	if !p.Untracked || !slices.Equal(codes, []string{tracking.ElecNot, tracking.PrintLab}) || p.ActiveStep != 0 || p.Internal {
		t.Fatalf("untracked as a customer: %v %+v", codes, p)
	}
	tracked, err := f.svc.Parcel(ctx, user, "CPBAKERY1DE")
	if err != nil || tracked.Untracked || tracked.ActiveStep != 3 || len(tracked.Events) != 4 {
		t.Fatalf("tracked as a customer: %+v %v", tracked, err)
	}
	staff := &access.Caller{Roles: []access.Role{access.Operations}}
	all, err := f.svc.Parcel(ctx, staff, "CPBAKERY2DE")
	if err != nil || all.Untracked || len(all.Events) != 5 || !all.Internal || all.Events[2].Source != "HUB" {
		t.Fatalf("untracked as staff: %+v %v", all, err)
	}
	res, err := f.svc.Search(ctx, user, tracking.Criteria{IDs: []string{"CPBAKERY2DE"}}, tracking.Meta{})
	if err != nil || len(res.Rows) != 1 || !res.Rows[0].Untracked || res.Rows[0].LatestHarmonizedCode != tracking.PrintLab {
		t.Fatalf("untracked row: %+v %v", res.Rows, err)
	}
}

func TestMalformedCriteriaAndFaults(t *testing.T) {
	f := setup(t)
	user := &access.Caller{Roles: []access.Role{access.User}, CustomerID: f.bakery}
	status := 13
	for name, c := range map[string]tracking.Criteria{
		"status":    {Status: &status},
		"date":      {From: "01.02.2026"},
		"range":     {From: "2026-02-02", To: "2026-02-01"},
		"date type": {DateType: "yesterday"},
		"long name": {RecipientName: string(make([]byte, 101))},
		"many ids":  {IDs: slices.Repeat([]string{"x"}, 501)},
	} {
		if _, err := f.svc.Search(ctx, user, c, tracking.Meta{}); !failure.HasKey(err, "error.validation") {
			t.Errorf("%s: %v", name, err)
		}
	}
	if _, err := f.svc.Search(ctx, user, tracking.Criteria{}, tracking.Meta{PageSize: 51}); !failure.HasKey(err, "error.validation") {
		t.Errorf("page size 51: %v", err)
	}
	f.fake.Unavailable = true
	if _, err := f.svc.Search(ctx, user, tracking.Criteria{}, tracking.Meta{}); !failure.HasKey(err, tracking.KeyUnavailable) {
		t.Errorf("unavailable: %v", err)
	}
}

func TestExport(t *testing.T) {
	f := setup(t)
	user := &access.Caller{Roles: []access.Role{access.User}, CustomerID: f.bakery}
	now := time.Date(2026, 4, 2, 0, 0, 0, 0, time.UTC)
	file, err := f.svc.Export(ctx, user, tracking.Criteria{}, tracking.Meta{}, tracking.CSV, now)
	if err != nil || file.Name != tracking.ExportFileName(now, tracking.CSV) || len(file.Content) == 0 {
		t.Fatalf("export %+v %v", file, err)
	}
	if _, err := f.svc.Export(ctx, user, tracking.Criteria{IDs: []string{"CPBOOKS1DE"}}, tracking.Meta{}, tracking.CSV, now); !failure.HasKey(err, tracking.KeyExportLimit) {
		t.Errorf("export of nothing: %v", err)
	}
	if _, err := f.svc.Export(ctx, user, tracking.Criteria{}, tracking.Meta{}, "pdf", now); !failure.HasKey(err, "error.validation") {
		t.Errorf("export as pdf: %v", err)
	}
}

func TestAStatusBeyondTheLabelHidesUntrackedParcels(t *testing.T) {
	f := setup(t)
	user := &access.Caller{Roles: []access.Role{access.User}, CustomerID: f.bakery}
	arrived := tracking.StatusOf(tracking.ArrDest)
	res, err := f.svc.Search(ctx, user, tracking.Criteria{Status: &arrived}, tracking.Meta{})
	if err != nil || !slices.Equal(ids(res), []string{"CPBAKERY1DE"}) || res.Total != 1 {
		t.Fatalf("arrived, as a customer: %v %d %v", ids(res), res.Total, err)
	}
	res, err = f.svc.Search(ctx, user, tracking.Criteria{Status: &arrived, ProductCode: "EPAQSTD"}, tracking.Meta{})
	if err != nil || len(res.Rows) != 0 || res.Total != 0 {
		t.Fatalf("arrived e-PAQ Standard, as a customer: %v %v", ids(res), err)
	}
	staff := &access.Caller{Roles: []access.Role{access.Admin}}
	res, err = f.svc.Search(ctx, staff, tracking.Criteria{Status: &arrived}, tracking.Meta{})
	if err != nil || !slices.Equal(ids(res), []string{"CPBAKERY1DE", "CPBAKERY2DE"}) {
		t.Fatalf("arrived, as staff: %v %v", ids(res), err)
	}
}
