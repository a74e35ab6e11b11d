package tracking

import (
	"slices"
	"testing"
)

func TestActiveStepIsTheFurthestStepSeen(t *testing.T) {
	ev := func(codes ...string) []Event {
		var out []Event
		for _, c := range codes {
			out = append(out, Event{HarmonizedCode: c})
		}
		return out
	}
	for _, tc := range []struct {
		events []Event
		want   int
	}{
		{nil, 0}, {ev(ElecNot), 0}, {ev(ElecNot, PrintLab, CheckIn), 1}, {ev(ArrDest, CheckIn), 3},
		{ev(ElecNot, CheckIn, DepSub, ArrDest, OutDelivCenter, DelivAttempt, OutDelivCenter, Delivery), 5}, {ev(HeldCustoms), 0},
	} {
		if got := ActiveStep(tc.events); got != tc.want {
			t.Errorf("%v: step %d, want %d", tc.events, got, tc.want)
		}
	}
}

func TestTrackableProducts(t *testing.T) {
	for code, want := range map[string]bool{"EPAQPLS": true, "epaqsct": true, "EPAQSTD": false, "EPAQELT": false, "": false} {
		if Trackable(code, "") != want {
			t.Errorf("%s: %v", code, !want)
		}
	}
	if Trackable("EPAQPLS", "e-PAQ Standard") {
		t.Error("e-PAQ Standard tracked")
	}
}

func TestVisibleHidesAnUntrackedJourney(t *testing.T) {
	events := []Event{{HarmonizedCode: ElecNot, Source: "EDI"}, {HarmonizedCode: PrintLab}, {HarmonizedCode: CheckIn},
		{HarmonizedCode: "CSCALL", CustomerService: true}, {HarmonizedCode: Delivery}}
	v := Visible(events, "EPAQSTD", "", false)
	if !v.Untracked || len(v.Events) != 2 || v.Events[0].Source != "" {
		t.Fatalf("untracked for a customer: %+v", v)
	}
	v = Visible(events, "EPAQPLS", "", false)
	if v.Untracked || len(v.Events) != 4 {
		t.Fatalf("tracked for a customer: %+v", v)
	}
	if v := Visible(events, "EPAQSTD", "", true); v.Untracked || len(v.Events) != 5 || v.Events[0].Source != "EDI" {
		t.Fatalf("internal: %+v", v)
	}
}

func TestNormalizeDefaultsAndRefusals(t *testing.T) {
	c, m, err := Normalize(Criteria{IDs: []string{" a ", "", "b"}, Destination: "nl"}, Meta{})
	if err != nil || !slices.Equal(c.IDs, []string{"a", "b"}) || c.Destination != "NL" || c.DateType != ShipmentDate ||
		m.SortField != ShipmentDate || m.SortOrder != "desc" || m.PageSize != DefaultPageSize {
		t.Fatalf("defaults %+v %+v %v", c, m, err)
	}
	bad := -1
	for name, tc := range map[string]struct {
		c Criteria
		m Meta
	}{
		"status":     {Criteria{Status: &bad}, Meta{}},
		"sort field": {Criteria{}, Meta{SortField: "password"}},
		"sort order": {Criteria{}, Meta{SortOrder: "up"}},
		"page":       {Criteria{}, Meta{PageNo: -1}},
		"after":      {Criteria{SearchAfter: []string{"a", "b", "c"}}, Meta{}},
	} {
		if _, _, err := Normalize(tc.c, tc.m); err == nil {
			t.Errorf("%s accepted", name)
		}
	}
}
