package manifest

import (
	"testing"
	"time"
	_ "time/tzdata" // the zones, whatever the machine has installed

	"parcelportal/core/customer"
	"parcelportal/core/failure"
)

func TestRouteTakesTheFirstMatchingRuleElseTheCustomersTypeAndHub(t *testing.T) {
	c := customer.Customer{HubID: 1, ManifestingRules: []customer.ManifestingRule{
		{Destination: "NL", Product: "EPAQSTD", AdditionalOptions: []string{"SIG"}, ManifestType: "MANIFEST_MB_PLUS", HubID: 2},
		{Destination: "NL", ManifestType: "EXPRESS"},
	}}
	cases := []struct {
		p    Parcel
		want Key
	}{
		{Parcel{Destination: "NL", Product: "EPAQSTD", Options: []string{"SIG", "COD"}}, Key{2, "MANIFEST_MB_PLUS"}},
		{Parcel{Destination: "NL", Product: "EPAQSTD", Options: []string{"COD"}}, Key{1, "EXPRESS"}},
		{Parcel{Destination: "nl", Product: "EPAQPLS"}, Key{1, "EXPRESS"}},
		{Parcel{Destination: "DE", Product: "EPAQSTD", Options: []string{"SIG"}}, Key{1, DefaultType}},
	}
	for _, tc := range cases {
		if got := Route(c, tc.p); got != tc.want {
			t.Errorf("Route(%+v) = %+v, want %+v", tc.p, got, tc.want)
		}
	}
	c.ManifestType = "OWN"
	if got := Route(c, Parcel{Destination: "AT"}); got != (Key{1, "OWN"}) {
		t.Errorf("the customer's own type: %+v", got)
	}
}

func TestGroupParcelsMakesOneManifestPerCustomerHubAndType(t *testing.T) {
	customers := map[int64]customer.Customer{
		10: {HubID: 1, ManifestingRules: []customer.ManifestingRule{{Destination: "NL", HubID: 2}}},
		20: {HubID: 1},
	}
	groups := GroupParcels(customers, []Parcel{
		{ID: 5, CustomerID: 10, Destination: "NL"}, {ID: 3, CustomerID: 10, Destination: "DE"},
		{ID: 4, CustomerID: 10, Destination: "NL"}, {ID: 1, CustomerID: 20, Destination: "NL"},
		{ID: 2, CustomerID: 10, Destination: "FR"},
	})
	if len(groups) != 3 {
		t.Fatalf("groups = %+v", groups)
	}
	want := []Group{
		{CustomerID: 10, Key: Key{1, DefaultType}, ParcelIDs: []int64{2, 3}},
		{CustomerID: 10, Key: Key{2, DefaultType}, ParcelIDs: []int64{4, 5}},
		{CustomerID: 20, Key: Key{1, DefaultType}, ParcelIDs: []int64{1}},
	}
	for i := range want {
		g := groups[i]
		if g.CustomerID != want[i].CustomerID || g.Key != want[i].Key || len(g.ParcelIDs) != len(want[i].ParcelIDs) ||
			g.ParcelIDs[0] != want[i].ParcelIDs[0] {
			t.Errorf("group %d = %+v, want %+v", i, g, want[i])
		}
	}
}

func TestSelectionRefusals(t *testing.T) {
	if !failure.HasKey(CheckSelection(nil), KeyNothingSelected) {
		t.Error("an empty selection must be refused")
	}
	if !failure.HasKey(CheckSelection(make([]int64, MaxSelection+1)), KeyTooMany) {
		t.Error("a selection over the limit must be refused")
	}
	if err := Selectable(Parcel{ID: 7, Manifested: true, Labelled: true}); !failure.HasKey(err, KeyAlreadyManifested) {
		t.Errorf("manifested: %v", err)
	} else if f, _ := failure.As(err); f.Kind != failure.Conflict || f.Params["parcelId"] != "7" {
		t.Errorf("manifested: %+v", f)
	}
	if !failure.HasKey(Selectable(Parcel{ID: 7}), KeyNotLabelled) {
		t.Error("a parcel without a label must be refused")
	}
	if Selectable(Parcel{Labelled: true}) != nil {
		t.Error("a labelled parcel without manifest is selectable")
	}
}

func TestLatestDueReadsTheScheduleInTheHubsZone(t *testing.T) {
	berlin, err := time.LoadLocation(Zone("DE"))
	if err != nil {
		t.Fatal(err)
	}
	a := customer.AutoManifest{Active: true, Time: "17:30", Days: []string{"MONDAY", "THURSDAY"}}
	// Thursday 26 November 2026, 16:31 UTC is 17:31 in Berlin (CET, UTC+1).
	now := time.Date(2026, 11, 26, 16, 31, 0, 0, time.UTC)
	since := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	slot, ok := LatestDue(a, berlin, since, now)
	if !ok || !slot.Equal(time.Date(2026, 11, 26, 16, 30, 0, 0, time.UTC)) {
		t.Fatalf("slot = %v %v, want Thursday 16:30 UTC", slot, ok)
	}
	// A minute before the slot, the latest due one is Monday's.
	slot, ok = LatestDue(a, berlin, since, now.Add(-2*time.Minute))
	if !ok || !slot.Equal(time.Date(2026, 11, 23, 16, 30, 0, 0, time.UTC)) {
		t.Fatalf("slot = %v %v, want Monday 16:30 UTC", slot, ok)
	}
	// In summer the same time is 15:30 UTC.
	slot, _ = LatestDue(a, berlin, since.AddDate(0, -6, 0), time.Date(2026, 7, 2, 15, 30, 0, 0, time.UTC))
	if !slot.Equal(time.Date(2026, 7, 2, 15, 30, 0, 0, time.UTC)) {
		t.Fatalf("summer slot = %v", slot)
	}
	// A schedule set after the latest slot waits for the next one.
	if _, ok := LatestDue(a, berlin, now.Add(-30*time.Second), now); ok {
		t.Error("a slot before the schedule was set must not run")
	}
	// Down for three weeks: the latest slot is due, once.
	slot, ok = LatestDue(a, berlin, since, now.AddDate(0, 0, 21))
	if !ok || !slot.Equal(time.Date(2026, 12, 17, 16, 30, 0, 0, time.UTC)) {
		t.Fatalf("after downtime slot = %v %v", slot, ok)
	}
	if _, ok := LatestDue(customer.AutoManifest{}, berlin, since, now); ok {
		t.Error("an inactive schedule has no slot")
	}
	if Zone("NL") != "Europe/Amsterdam" || Zone("XX") != DefaultZone {
		t.Error("zones")
	}
}
