package manifest

import (
	"strings"
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
		{Parcel{Destination: "NL", Product: "EPAQSTD", Options: []string{"SIG", "COD"}}, Key{HubID: 2, ManifestType: "MANIFEST_MB_PLUS"}},
		{Parcel{Destination: "NL", Product: "EPAQSTD", Options: []string{"COD"}}, Key{HubID: 1, ManifestType: "EXPRESS"}},
		{Parcel{Destination: "nl", Product: "EPAQPLS"}, Key{HubID: 1, ManifestType: "EXPRESS"}},
		{Parcel{Destination: "DE", Product: "EPAQSTD", Options: []string{"SIG"}}, Key{HubID: 1, ManifestType: DefaultType}},
	}
	for _, tc := range cases {
		if got := Route(c, nil, tc.p); got != tc.want {
			t.Errorf("Route(%+v) = %+v, want %+v", tc.p, got, tc.want)
		}
	}
	c.ManifestType = "OWN"
	if got := Route(c, nil, Parcel{Destination: "AT"}); got != (Key{HubID: 1, ManifestType: "OWN"}) {
		t.Errorf("the customer's own type: %+v", got)
	}
}

func TestGroupParcelsMakesOneManifestPerCustomerHubAndType(t *testing.T) {
	customers := map[int64]customer.Customer{
		10: {HubID: 1, ManifestingRules: []customer.ManifestingRule{{Destination: "NL", HubID: 2}}},
		20: {HubID: 1},
	}
	groups := GroupParcels(customers, nil, []Parcel{
		{ID: 5, CustomerID: 10, Destination: "NL"}, {ID: 3, CustomerID: 10, Destination: "DE"},
		{ID: 4, CustomerID: 10, Destination: "NL"}, {ID: 1, CustomerID: 20, Destination: "NL"},
		{ID: 2, CustomerID: 10, Destination: "FR"},
	})
	if len(groups) != 3 {
		t.Fatalf("groups = %+v", groups)
	}
	want := []Group{
		{CustomerID: 10, Key: Key{HubID: 1, ManifestType: DefaultType}, ParcelIDs: []int64{2, 3}},
		{CustomerID: 10, Key: Key{HubID: 2, ManifestType: DefaultType}, ParcelIDs: []int64{4, 5}},
		{CustomerID: 20, Key: Key{HubID: 1, ManifestType: DefaultType}, ParcelIDs: []int64{1}},
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

func TestRouteFallsBackToTheDefaultRoutingOptionsWhereTheCustomerHasNone(t *testing.T) {
	defaults := DefaultsOf([]RoutingOption{
		{Country: "NL", ManifestType: TypeCarrierDirect, Carrier: "PostNL"},
		{Country: "AT", ManifestType: TypeMBPlus, Carrier: "Austrian Post"},
	})
	bare := customer.Customer{HubID: 1}
	cases := []struct {
		name string
		c    customer.Customer
		p    Parcel
		want Key
	}{
		{"no rule, no type: the destination's default", bare, Parcel{Destination: "nl"}, Key{HubID: 1, ManifestType: TypeCarrierDirect, Carrier: "PostNL"}},
		{"no default for the destination", bare, Parcel{Destination: "US"}, Key{HubID: 1, ManifestType: DefaultType}},
		{"the customer's own type wins, the carrier stays the destination's",
			customer.Customer{HubID: 1, ManifestType: "OWN"}, Parcel{Destination: "AT"}, Key{HubID: 1, ManifestType: "OWN", Carrier: "Austrian Post"}},
		{"the customer's matching rule wins",
			customer.Customer{HubID: 1, ManifestingRules: []customer.ManifestingRule{{Destination: "NL", ManifestType: TypeToCarrier, HubID: 2}}},
			Parcel{Destination: "NL"}, Key{HubID: 2, ManifestType: TypeToCarrier, Carrier: "PostNL"}},
		{"a rule without a type takes the default's",
			customer.Customer{HubID: 1, ManifestingRules: []customer.ManifestingRule{{Destination: "NL", HubID: 2}}},
			Parcel{Destination: "NL"}, Key{HubID: 2, ManifestType: TypeCarrierDirect, Carrier: "PostNL"}},
		{"a rule of another destination leaves the default",
			customer.Customer{HubID: 1, ManifestingRules: []customer.ManifestingRule{{Destination: "FR", ManifestType: TypeMBPlus}}},
			Parcel{Destination: "AT"}, Key{HubID: 1, ManifestType: TypeMBPlus, Carrier: "Austrian Post"}},
	}
	for _, tc := range cases {
		if got := Route(tc.c, defaults, tc.p); got != tc.want {
			t.Errorf("%s: Route = %+v, want %+v", tc.name, got, tc.want)
		}
	}
	groups := GroupParcels(map[int64]customer.Customer{1: bare}, defaults, []Parcel{
		{ID: 1, CustomerID: 1, Destination: "NL"}, {ID: 2, CustomerID: 1, Destination: "AT"}, {ID: 3, CustomerID: 1, Destination: "NL"},
	})
	if len(groups) != 2 || groups[0].Carrier != "PostNL" || len(groups[0].ParcelIDs) != 2 || groups[1].Carrier != "Austrian Post" {
		t.Errorf("one manifest per carrier: %+v", groups)
	}
}

func TestCheckRoutingOption(t *testing.T) {
	o, err := CheckRoutingOption(RoutingOption{Country: " nl ", ManifestType: TypeMBPlus, Carrier: "  PostNL "})
	if err != nil || o.Country != "NL" || o.Carrier != "PostNL" {
		t.Fatalf("a good option: %+v %v", o, err)
	}
	if _, err := CheckRoutingOption(RoutingOption{Country: "DE", ManifestType: TypeMBPlus, Carrier: "DHL"}); !failure.HasKey(err, KeyUnknownCountry) {
		t.Errorf("a country outside the 23: %v", err)
	}
	_, err = CheckRoutingOption(RoutingOption{Country: "NL", ManifestType: "EXPRESS", Carrier: strings.Repeat("x", MaxCarrier+1)})
	f, ok := failure.As(err)
	if !ok || f.Kind != failure.Invalid || len(f.Fields) != 2 || f.Fields[0].Field != "manifestType" || f.Fields[1].Rule != "Size" {
		t.Errorf("bad type and long carrier: %+v", err)
	}
	if _, err := CheckRoutingOption(RoutingOption{Country: "NL", ManifestType: TypeMBPlus, Carrier: " "}); err == nil {
		t.Error("an empty carrier must be refused")
	}
	if len(Countries) != 23 {
		t.Errorf("%d manifest-carrier countries, want 23", len(Countries))
	}
}
