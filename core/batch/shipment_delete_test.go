package batch

import (
	"testing"

	"parcelportal/core/failure"
)

// One shipment's delete (DeleteShipment), as the shipment pages show it
// before it is tried: the manifest first, then a job at work, then a live label.
func TestShipmentDeleteRefusal(t *testing.T) {
	labelled := Shipment{Success: true, HasLabel: true}
	cancelled := Shipment{Success: true, HasLabel: true, Cancelled: true}
	failed := Shipment{ErrorMessage: "error.carrier.fault"}
	for _, c := range []struct {
		name   string
		status Status
		s      Shipment
		key    string
	}{
		{"labelled, manifested", ManifestCreated, labelled, KeyShipmentInManifest},
		{"failed, manifested", ManifestCreated, failed, KeyShipmentInManifest},
		{"cancelled, manifest being made", CreatingManifest, cancelled, KeyShipmentInManifest},
		{"failed, sending", Sending, failed, KeyNotAllowedNow},
		{"failed, deleting", Deleting, failed, KeyNotAllowedNow},
		{"labelled, sent", Sent, labelled, KeyShipmentCancelFirst},
		{"cancelled, sent", Sent, cancelled, ""},
		{"failed, sent", Sent, failed, ""},
		{"failed, send failed", ErrorSend, failed, ""},
	} {
		got := ShipmentDeleteRefusal(c.status, c.s)
		switch {
		case c.key == "" && got != nil:
			t.Errorf("%s: refused with %v", c.name, got)
		case c.key != "" && (got == nil || got.Key != c.key || got.Kind != failure.Conflict):
			t.Errorf("%s: %v, want %s", c.name, got, c.key)
		}
	}
	if got := ShipmentDeleteRefusal(Resending, failed); got == nil || got.Params["status"] != string(Resending) {
		t.Errorf("a job at work names the status: %v", got)
	}
}
