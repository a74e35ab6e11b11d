package webhooks_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"parcelportal/app/webhooks"
	"parcelportal/core/customer"
	"parcelportal/core/failure"
	"parcelportal/core/tracking"
	"parcelportal/core/webhook"
)

type watchFake struct {
	labels []webhook.TrackedLabel
	saw    map[string]webhook.Followed
}

func (w *watchFake) Claim(context.Context, time.Time, time.Duration, time.Duration, int) ([]webhook.TrackedLabel, error) {
	return w.labels, nil
}

func (w *watchFake) Saw(_ context.Context, l webhook.TrackedLabel, f webhook.Followed, _ time.Time) ([]int64, error) {
	w.saw[l.Identifier] = f
	ids := make([]int64, len(f.Events))
	for i := range ids {
		ids[i] = int64(len(w.saw)*100 + i)
	}
	return ids, nil
}

type customersFake map[int64]customer.Customer

func (c customersFake) Get(_ context.Context, id int64) (customer.Customer, error) { return c[id], nil }

// trackingFake answers events by tracking number, refuses the user
// "refused", and counts the questions.
type trackingFake struct {
	tracking.Service
	events map[string][]tracking.Event
	down   bool
	asked  []string
}

func (f *trackingFake) Events(_ context.Context, a tracking.Account, id string) ([]tracking.Event, error) {
	f.asked = append(f.asked, id)
	switch {
	case f.down:
		return nil, tracking.ErrUnavailable
	case a.Username == "refused":
		return nil, tracking.ErrRefused
	}
	e, ok := f.events[id]
	if !ok {
		return nil, tracking.ErrNotFound
	}
	return e, nil
}

func TestTrackingPollAsksWithEachCustomersAccount(t *testing.T) {
	at := time.Date(2026, 5, 1, 8, 0, 0, 0, time.UTC)
	watch := &watchFake{saw: map[string]webhook.Followed{}, labels: []webhook.TrackedLabel{
		{ShipmentID: 1, CustomerID: 1, Identifier: "A1", Product: "EPAQPLS"},
		{ShipmentID: 2, CustomerID: 1, Identifier: "A2-unknown", Product: "EPAQPLS"},
		{ShipmentID: 3, CustomerID: 2, Identifier: "B1", Product: "EPAQPLS"},
		{ShipmentID: 4, CustomerID: 3, Identifier: "C1", Product: "EPAQPLS"},
		{ShipmentID: 5, CustomerID: 3, Identifier: "C2", Product: "EPAQPLS"},
		{ShipmentID: 6, CustomerID: 1, Identifier: "A3", Product: "EPAQPLS", Seen: []string{webhook.TrackingKey(tracking.Event{HarmonizedCode: tracking.ElecNot, Time: at})}},
	}}
	api := &trackingFake{events: map[string][]tracking.Event{
		"A1": {{HarmonizedCode: tracking.ElecNot, Time: at}, {HarmonizedCode: tracking.Delivery, Time: at.Add(time.Hour)}},
		"A3": {{HarmonizedCode: tracking.ElecNot, Time: at}},
		"B1": {{HarmonizedCode: tracking.ElecNot, Time: at}},
		"C1": {{HarmonizedCode: tracking.ElecNot, Time: at}},
	}}
	q := &queue{}
	poll := webhooks.TrackingPoll{Watch: watch, Tracking: api, Queue: q, Customers: customersFake{
		1: {ID: 1, TrackingUsername: "demo"},
		2: {ID: 2}, // no tracking account
		3: {ID: 3, TrackingUsername: "refused"},
	}}
	if err := poll.Tick(context.Background()); err != nil {
		t.Fatal(err)
	}
	// Customer 2 has no account: not asked; customer 3's account is
	// refused: asked once, its second label not.
	if want := []string{"A1", "A2-unknown", "C1", "A3"}; !slices.Equal(api.asked, want) {
		t.Fatalf("asked %v, want %v", api.asked, want)
	}
	if f := watch.saw["A1"]; len(f.Events) != 2 || !f.Done {
		t.Fatalf("A1 = %+v, want two events and done", f)
	}
	if f, ok := watch.saw["A3"]; !ok || len(f.Events) != 0 || f.Done {
		t.Fatalf("A3 = %+v, %v: want its seen event not taken again", f, ok)
	}
	if _, ok := watch.saw["A2-unknown"]; ok || len(watch.saw) != 2 {
		t.Fatalf("saw %v: a label the tracking API does not know yet is kept for later", watch.saw)
	}
	if len(q.tasks) != 2 {
		t.Fatalf("queued %v, want the two deliveries of A1", q.tasks)
	}

	// The tracking API down ends the tick with its error.
	api.down, api.asked = true, nil
	if err := poll.Tick(context.Background()); !failure.HasKey(err, tracking.KeyUnavailable) || len(api.asked) != 1 {
		t.Fatalf("Tick with the API down = %v after %v", err, api.asked)
	}
}
