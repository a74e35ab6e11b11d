package webhook

import (
	"encoding/json"
	"time"
)

// Event is something that happened to a customer's data that its
// endpoints may be told. Its ID is stable: every delivery of the event, to
// every endpoint and on every retry, carries the same webhook-id, so a
// receiver drops repeats.
type Event struct {
	ID         string
	CustomerID int64
	Type       EventType
	At         time.Time
	// Data is the event's JSON object (the batch, manifest, parcel or
	// tracking event it is about).
	Data json.RawMessage
}

// Body is the JSON payload of an event as Standard Webhooks suggests it:
// type, timestamp and data.
func (e Event) Body() ([]byte, error) {
	data := e.Data
	if len(data) == 0 {
		data = json.RawMessage("{}")
	}
	return json.Marshal(struct {
		Type      EventType       `json:"type"`
		Timestamp string          `json:"timestamp"`
		Data      json.RawMessage `json:"data"`
	}{e.Type, e.At.UTC().Format(time.RFC3339), data})
}

// State is where a delivery of one event to one endpoint stands.
type State string

// Delivery states.
const (
	// Pending deliveries wait for their next try.
	Pending State = "pending"
	// Delivered deliveries were answered with a 2xx.
	Delivered State = "delivered"
	// Failed deliveries used up their tries, or their endpoint was
	// disabled or deleted.
	Failed State = "failed"
)

// Delivery is one event on its way to one endpoint, as the delivery log
// shows it.
type Delivery struct {
	ID         int64
	EndpointID int64
	EventID    string
	EventType  EventType
	State      State
	// Attempts made so far.
	Attempts int
	// Status is the last answer's HTTP status; 0 when there was none.
	Status int
	// Duration is how long the last attempt took.
	Duration time.Duration
	// Error is why the last attempt failed without an answer (connection
	// refused, timeout, address refused); empty otherwise.
	Error     string
	LastTry   time.Time
	NextTry   time.Time
	CreatedAt time.Time
}

// Outcome is the result of one attempt.
type Outcome struct {
	Status   int
	Duration time.Duration
	Error    string
	At       time.Time
}

// Record applies an attempt's outcome: delivered on a 2xx; otherwise
// pending with the next try of the backoff, or failed after the last try.
func (d Delivery) Record(o Outcome) Delivery {
	d.Attempts++
	d.Status, d.Duration, d.Error, d.LastTry = o.Status, o.Duration, o.Error, o.At
	if o.Error == "" && Succeeded(o.Status) {
		d.State, d.NextTry = Delivered, time.Time{}
		return d
	}
	if next, ok := NextTry(d.Attempts, o.At); ok {
		d.State, d.NextTry = Pending, next
		return d
	}
	d.State, d.NextTry = Failed, time.Time{}
	return d
}
