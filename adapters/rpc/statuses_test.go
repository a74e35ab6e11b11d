package rpc

import (
	"testing"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/core/batch"
	"parcelportal/core/parcel"
	"parcelportal/core/report"
	"parcelportal/core/shipment"
)

// Every core status maps to a defined enum value of its own name and back,
// and every enum value but STATUS_UNSPECIFIED is a core status: a new core
// status without an enum value (or an enum value the core dropped) fails here.
func TestStatusEnumsMatchTheCore(t *testing.T) {
	core := map[string]bool{}
	for _, s := range batch.Statuses {
		core[string(s)] = true
		if got := batchStatusToProto(s); got == portalv1.Batch_STATUS_UNSPECIFIED || got.String() != string(s) {
			t.Errorf("batch status %s maps to %v", s, got)
		}
	}
	for name := range portalv1.Batch_Status_value {
		if name != "STATUS_UNSPECIFIED" && !core[name] {
			t.Errorf("Batch.Status %s is no core/batch status", name)
		}
	}

	core = map[string]bool{}
	parcelStatuses := append([]string{}, parcel.ManifestStatuses...)
	for _, s := range shipment.Statuses {
		parcelStatuses = append(parcelStatuses, string(s))
	}
	for _, s := range parcelStatuses {
		core[s] = true
		if got := parcelStatusToProto(s); got == portalv1.ParcelRow_STATUS_UNSPECIFIED || got.String() != s {
			t.Errorf("parcel status %s maps to %v", s, got)
		}
	}
	if got := parcelStatusToProto(""); got != portalv1.ParcelRow_STATUS_UNSPECIFIED {
		t.Errorf("a parcel before its first label maps to %v", got)
	}
	for name := range portalv1.ParcelRow_Status_value {
		if name != "STATUS_UNSPECIFIED" && !core[name] {
			t.Errorf("ParcelRow.Status %s is no parcel status", name)
		}
	}

	core = map[string]bool{}
	for _, s := range report.Statuses {
		core[string(s)] = true
		if got := reportStatusToProto(s); got == portalv1.ReportRow_STATUS_UNSPECIFIED || got.String() != string(s) {
			t.Errorf("report status %s maps to %v", s, got)
		}
	}
	for name := range portalv1.ReportRow_Status_value {
		if name != "STATUS_UNSPECIFIED" && !core[name] {
			t.Errorf("ReportRow.Status %s is no core/report status", name)
		}
	}
}
