package webhook

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"time"

	"parcelportal/core/tracking"
)

// Tracking events are learnt by asking the tracking API about the labels
// of customers with an endpoint subscribed to tracking.event, made in the
// last TrackingWindow, until they are delivered.
const (
	// TrackingWindow is how far back labels are followed.
	TrackingWindow = 14 * 24 * time.Hour
	// TrackingEvery is how long a label waits between two questions, by
	// default.
	TrackingEvery = 15 * time.Minute
	// TrackingPerRun bounds the labels one run of the poll asks about.
	TrackingPerRun = 200
)

// TrackedLabel is a label whose tracking events become webhook events.
type TrackedLabel struct {
	ShipmentID int64
	CustomerID int64
	// BatchID is its batch, ParcelID its single parcel; 0 when none.
	BatchID    int64
	ParcelID   int64
	Reference  string
	Identifier string
	// LabelledAt is when the label was made: an endpoint that existed then
	// takes all of its events, one made later those from its own time on.
	LabelledAt time.Time
	// Product is the shipment's product code: an untracked product shows
	// the customer its label events only (tracking.Visible).
	Product string
	// Seen are the keys (TrackingKey) of the events already taken.
	Seen []string
}

// TrackingKey is an event's key among a label's seen events: its code and
// its time in milliseconds.
func TrackingKey(e tracking.Event) string {
	return e.HarmonizedCode + "@" + strconv.FormatInt(e.Time.UnixMilli(), 10)
}

// Followed is what a look at a label's tracking brings: the events not
// seen before, the keys seen after, and whether the label needs no more
// looks.
type Followed struct {
	Events []Event
	Seen   []string
	Done   bool
}

// Follow turns the tracking API's events of the label into the webhook
// events the customer has not been sent: only the events the customer's
// own users see in the portal (tracking.Visible: no customer-service
// events, only the label events of an untracked product), each once, with
// an id made of the shipment, the event's code and its time, so that a
// poll run twice records it once. A delivered label, or an untracked
// product, is done.
func (l TrackedLabel) Follow(events []tracking.Event) Followed {
	view := tracking.Visible(events, l.Product, "", false)
	f := Followed{Seen: slices.Clone(l.Seen), Done: view.Untracked}
	for _, e := range view.Events {
		if e.HarmonizedCode == tracking.Delivery {
			f.Done = true
		}
		key := TrackingKey(e)
		if slices.Contains(f.Seen, key) {
			continue
		}
		f.Seen = append(f.Seen, key)
		f.Events = append(f.Events, Event{
			ID:         l.eventID(e),
			CustomerID: l.CustomerID,
			Type:       TrackingEvent,
			At:         e.Time,
			Data:       l.eventData(e),
		})
	}
	return f
}

// eventID is "evt_tracking_", the shipment, the event's code (letters and
// digits only) and its time in milliseconds.
func (l TrackedLabel) eventID(e tracking.Event) string {
	code := strings.Map(func(r rune) rune {
		if r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, e.HarmonizedCode)
	if len(code) > 30 {
		code = code[:30]
	}
	return "evt_tracking_" + strconv.FormatInt(l.ShipmentID, 10) + "_" + code + "_" + strconv.FormatInt(e.Time.UnixMilli(), 10)
}

// trackingData is a tracking.event's data.
type trackingData struct {
	ShipmentID     string  `json:"shipmentId"`
	ParcelID       *string `json:"parcelId"`
	BatchID        *string `json:"batchId"`
	Reference      string  `json:"reference"`
	TrackingNumber string  `json:"trackingNumber"`
	Code           string  `json:"code"`
	Location       string  `json:"location"`
	Time           string  `json:"time"`
}

func (l TrackedLabel) eventData(e tracking.Event) json.RawMessage {
	id := func(n int64) *string {
		if n == 0 {
			return nil
		}
		s := strconv.FormatInt(n, 10)
		return &s
	}
	b, _ := json.Marshal(trackingData{
		ShipmentID: strconv.FormatInt(l.ShipmentID, 10), ParcelID: id(l.ParcelID), BatchID: id(l.BatchID),
		Reference: l.Reference, TrackingNumber: l.Identifier,
		Code: e.HarmonizedCode, Location: e.LocationName, Time: e.Time.UTC().Format(time.RFC3339),
	})
	return b
}
