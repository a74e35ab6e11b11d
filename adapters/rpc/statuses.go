package rpc

import (
	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/core/batch"
	"parcelportal/core/report"
)

// The contract's status enums name their values as the core spells its
// statuses (and as the spec's JSON reads them), so a status maps by name
// through the generated _value map. A name the enum lacks maps to its zero
// value, STATUS_UNSPECIFIED; statuses_test.go fails first, for every core
// status without an enum value.

func batchStatusToProto(s batch.Status) portalv1.Batch_Status {
	return portalv1.Batch_Status(portalv1.Batch_Status_value[string(s)])
}

// parcelStatusToProto maps what the parcel list's state column shows
// (core/parcel's Parcel.Status): empty before the first label, which is
// STATUS_UNSPECIFIED.
func parcelStatusToProto(s string) portalv1.ParcelRow_Status {
	return portalv1.ParcelRow_Status(portalv1.ParcelRow_Status_value[s])
}

func reportStatusToProto(s report.Status) portalv1.ReportRow_Status {
	return portalv1.ReportRow_Status(portalv1.ReportRow_Status_value[string(s)])
}
