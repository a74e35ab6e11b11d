package webhook_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"parcelportal/core/tracking"
	"parcelportal/core/webhook"
)

func TestFollowTakesEachVisibleEventOnce(t *testing.T) {
	at := time.Date(2026, 5, 1, 8, 0, 0, 0, time.UTC)
	events := []tracking.Event{
		{HarmonizedCode: tracking.ElecNot, Time: at, LocationName: "Frankfurt am Main", Source: "EDI"},
		{HarmonizedCode: tracking.PrintLab, Time: at.Add(time.Minute)},
		{HarmonizedCode: "CSCALL", Time: at.Add(time.Hour), CustomerService: true},
		{HarmonizedCode: tracking.CheckIn, Time: at.Add(2 * time.Hour)},
	}
	l := webhook.TrackedLabel{ShipmentID: 42, CustomerID: 7, BatchID: 3, Reference: "REF-1", Identifier: "LBL-1", Product: "EPAQPLS"}
	f := l.Follow(events)
	if len(f.Events) != 3 || f.Done || len(f.Seen) != 3 {
		t.Fatalf("first look = %+v", f)
	}
	first := f.Events[0]
	if first.ID != "evt_tracking_42_ELECNOT_"+itoa(at.UnixMilli()) || first.CustomerID != 7 || first.Type != webhook.TrackingEvent || !first.At.Equal(at) {
		t.Fatalf("event = %+v", first)
	}
	var data map[string]any
	if err := json.Unmarshal(first.Data, &data); err != nil {
		t.Fatal(err)
	}
	if data["shipmentId"] != "42" || data["batchId"] != "3" || data["parcelId"] != nil || data["trackingNumber"] != "LBL-1" ||
		data["code"] != tracking.ElecNot || data["location"] != "Frankfurt am Main" || data["time"] != "2026-05-01T08:00:00Z" {
		t.Fatalf("data = %v", data)
	}
	if strings.Contains(string(first.Data), "EDI") {
		t.Fatalf("the carrier's own words reach the customer: %s", first.Data)
	}

	// The next look: the events seen are not taken again; a second
	// OUTDELIVCENTER at another time is an event of its own; DELIVERY ends it.
	l.Seen = f.Seen
	events = append(events,
		tracking.Event{HarmonizedCode: tracking.OutDelivCenter, Time: at.Add(5 * time.Hour)},
		tracking.Event{HarmonizedCode: tracking.OutDelivCenter, Time: at.Add(29 * time.Hour)},
		tracking.Event{HarmonizedCode: tracking.Delivery, Time: at.Add(30 * time.Hour)})
	g := l.Follow(events)
	if len(g.Events) != 3 || !g.Done || len(g.Seen) != 6 || g.Events[0].ID == g.Events[1].ID {
		t.Fatalf("second look = %+v", g)
	}
	l.Seen = g.Seen
	if h := l.Follow(events); len(h.Events) != 0 {
		t.Fatalf("a third look took %+v again", h.Events)
	}
}

func TestFollowAnUntrackedProductTakesTheLabelEventsAndIsDone(t *testing.T) {
	at := time.Date(2026, 5, 1, 8, 0, 0, 0, time.UTC)
	l := webhook.TrackedLabel{ShipmentID: 1, CustomerID: 1, ParcelID: 9, Identifier: "LBL-9", Product: "EPAQSTD"}
	f := l.Follow([]tracking.Event{{HarmonizedCode: tracking.ElecNot, Time: at}, {HarmonizedCode: tracking.CheckIn, Time: at.Add(time.Hour)}})
	if len(f.Events) != 1 || f.Events[0].ID != "evt_tracking_1_ELECNOT_"+itoa(at.UnixMilli()) || !f.Done {
		t.Fatalf("untracked = %+v", f)
	}
	if !strings.Contains(string(f.Events[0].Data), `"parcelId":"9"`) || !strings.Contains(string(f.Events[0].Data), `"batchId":null`) {
		t.Fatalf("data = %s", f.Events[0].Data)
	}
}

func itoa(n int64) string { b, _ := json.Marshal(n); return string(b) }
