package rpc

import (
	"testing"

	"google.golang.org/protobuf/reflect/protoreflect"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/core/access"
	"parcelportal/core/account"
	"parcelportal/core/batch"
	"parcelportal/core/customer"
	"parcelportal/core/health"
	"parcelportal/core/manifest"
	"parcelportal/core/parcel"
	"parcelportal/core/printer"
	"parcelportal/core/report"
)

// TestEveryCoreValueHasAnEnumValue: each closed set of core maps to its
// contract enum and back, value by value; a core value the contract cannot
// carry fails here (it would reach a client as UNSPECIFIED). And every
// enum value but the zero one is a value core knows, so the contract names
// nothing the server would refuse or misread.
func TestEveryCoreValueHasAnEnumValue(t *testing.T) {
	strs := func(vs ...any) []string {
		var out []string
		for _, v := range vs {
			switch v := v.(type) {
			case string:
				out = append(out, v)
			case []string:
				out = append(out, v...)
			}
		}
		return out
	}
	var roles, statuses []string
	for _, r := range access.AllRoles {
		roles = append(roles, string(r))
	}
	for _, s := range account.Statuses {
		statuses = append(statuses, string(s))
	}
	zebra203, zebra300 := printer.Printer{DPI: 203}, printer.Printer{DPI: 300}
	sets := []struct {
		name string
		enum protoreflect.EnumDescriptor
		core []string
	}{
		{"label type", portalv1.LabelType(0).Descriptor(), strs(customer.LabelPDF, customer.LabelZebra, customer.LabelZebra300,
			customer.LabelTypeShown(customer.LabelZebra), report.LabelTypes, zebra203.LabelType(), zebra300.LabelType())},
		{"API client", portalv1.ApiClient(0).Descriptor(), strs(customer.ClientShipping, customer.ClientA1,
			customer.DefaultAPIClient, parcel.AggregatorAPIClient, report.APIClients)},
		{"manifest type", portalv1.ManifestType(0).Descriptor(), strs(manifest.DefaultType, manifest.Types)},
		{"role", portalv1.Role(0).Descriptor(), roles},
		{"activation status", portalv1.ActivationStatus(0).Descriptor(), statuses},
		{"fulltrack version", portalv1.FulltrackVersion(0).Descriptor(), strs(customer.FulltrackV1, customer.FulltrackV3)},
		{"shipment filter", portalv1.ShipmentFilter_Value(0).Descriptor(),
			strs(string(batch.FilterAll), string(batch.FilterChanged), string(batch.FilterError))},
		{"parcel manifest filter", portalv1.ParcelManifestFilter_Value(0).Descriptor(),
			strs(string(parcel.AllManifests), string(parcel.Manifested), string(parcel.NotManifested))},
		{"parcel source filter", portalv1.ParcelSourceFilter_Value(0).Descriptor(),
			strs(string(parcel.AllManifests), string(parcel.IndividualParcel), string(parcel.APIParcel))},
		{"health status", portalv1.HealthStatus(0).Descriptor(), strs(string(health.Up), string(health.Down))},
		{"shipment source", portalv1.ShipmentSource(0).Descriptor(),
			strs(string(parcel.BatchRow), string(parcel.IndividualParcel), string(parcel.APIParcel))},
	}
	for _, set := range sets {
		known := map[string]bool{}
		for _, v := range set.core {
			known[v] = true
			ev := set.enum.Values().ByName(protoreflect.Name(v))
			if ev == nil || ev.Number() == 0 {
				t.Errorf("%s: core value %q has no value in %s", set.name, v, set.enum.FullName())
			}
		}
		values := set.enum.Values()
		for i := range values.Len() {
			if v := values.Get(i); v.Number() != 0 && !known[string(v.Name())] {
				t.Errorf("%s: %s.%s is no value core knows", set.name, set.enum.FullName(), v.Name())
			}
		}
	}

	// The mappers the handlers use, both ways.
	for _, v := range strs(customer.LabelPDF, customer.LabelZebra, customer.LabelZebra300, "ZPL") {
		if got := nameOf(labelTypeToProto(v)); got != v {
			t.Errorf("label type %q -> %v -> %q", v, labelTypeToProto(v), got)
		}
	}
	for _, v := range strs(customer.ClientShipping, customer.ClientA1, parcel.AggregatorAPIClient, report.APIClients) {
		if got := nameOf(apiClientToProto(v)); got != v {
			t.Errorf("API client %q -> %q", v, got)
		}
	}
	for _, v := range manifest.Types {
		if got := nameOf(manifestTypeToProto(v)); got != v {
			t.Errorf("manifest type %q -> %q", v, got)
		}
	}
	for _, s := range account.Statuses {
		if got := account.Status(nameOf(activationStatusToProto(s))); got != s {
			t.Errorf("activation status %q -> %q", s, got)
		}
	}
	if got := rolesFromProto(rolesToProto(access.AllRoles)); len(got) != len(access.AllRoles) {
		t.Errorf("roles %v -> %v", access.AllRoles, got)
	} else {
		for i, r := range access.AllRoles {
			if got[i] != r {
				t.Errorf("role %q -> %q", r, got[i])
			}
		}
	}
	// Not given and not known are the zero value, which core reads as "".
	if labelTypeToProto("") != 0 || labelTypeToProto("GIF") != 0 || nameOf(portalv1.LabelType_LABEL_TYPE_UNSPECIFIED) != "" {
		t.Error("an empty or unknown label type is not LABEL_TYPE_UNSPECIFIED")
	}
	if !descending(portalv1.SortDirection_DESC) || descending(portalv1.SortDirection_ASC) || descending(portalv1.SortDirection_SORT_DIRECTION_UNSPECIFIED) {
		t.Error("only DESC sorts downwards")
	}
}

// Every side of the traffic the contract names is one core reads, nothing
// given reaches core as nothing, and a value the contract does not name is
// refused by core rather than read as one it does.
func TestTrafficKindsAreCores(t *testing.T) {
	values := portalv1.TrafficKind(0).Descriptor().Values()
	for i := range values.Len() {
		k := portalv1.TrafficKind(values.Get(i).Number())
		if _, err := batch.TrafficKind(trafficKindOf(k)); (err == nil) != (k != 0) {
			t.Errorf("%v reads as %q: %v", k, trafficKindOf(k), err)
		}
	}
	if _, err := batch.TrafficKind(trafficKindOf(-1)); err == nil {
		t.Error("a value the contract does not name was read")
	}
}
