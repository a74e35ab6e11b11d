package postgres_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"parcelportal/adapters/postgres"
	"parcelportal/core/webhook"
)

// The tracking watch follows the labels of the window of customers with
// an enabled endpoint subscribed to tracking.event only, and stops with a
// label cancelled or an endpoint disabled.
func TestTrackingWatchFollowsSubscribedCustomersLabels(t *testing.T) {
	t.Parallel()
	store, customers := webhookStore(t)
	ctx := context.Background()
	a, b := customers[0], customers[1]
	watch := postgres.TrackingWatch{Pool: store.Pool}
	now := time.Now()
	tag := now.UnixNano()
	label := func(customer int64, n int, labelled time.Time) int64 {
		var id int64
		if err := store.Pool.QueryRow(ctx, `INSERT INTO shipment (customer_id, position, reference, state, identifier, product, submitted_at)
			VALUES ($1, $2, $3, 'DONE', $4, 'EPAQPLS', $5) RETURNING id`, customer, n, fmt.Sprintf("REF-%d-%d", tag, n),
			fmt.Sprintf("LBL-%d-%d", tag, n), labelled).Scan(&id); err != nil {
			t.Fatal(err)
		}
		return id
	}
	recent := label(a, 1, now.Add(-time.Hour))
	label(a, 2, now.Add(-20*24*time.Hour)) // before the window
	label(b, 3, now.Add(-time.Hour))       // a customer without a subscription

	claim := func(at time.Time) []webhook.TrackedLabel {
		t.Helper()
		got, err := watch.Claim(ctx, at, webhook.TrackingWindow, 10*time.Minute, 10)
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	if got := claim(now); len(got) != 0 {
		t.Fatalf("claimed %+v with no endpoint at all", got)
	}
	e, err := store.Create(ctx, webhook.Endpoint{CustomerID: a, URL: "https://hooks.example/", Events: []webhook.EventType{webhook.TrackingEvent}, Secret: "whsec_AAAA"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := store.Create(ctx, webhook.Endpoint{CustomerID: b, URL: "https://hooks.example/", Events: []webhook.EventType{webhook.LabelCancelled}, Secret: "whsec_AAAA"}); err != nil {
		t.Fatal(err)
	}
	got := claim(now)
	if len(got) != 1 || got[0].ShipmentID != recent || got[0].CustomerID != a || got[0].Product != "EPAQPLS" || got[0].Reference == "" {
		t.Fatalf("claimed %+v, want the recent label of the subscribed customer", got)
	}
	if again := claim(now.Add(time.Minute)); len(again) != 0 {
		t.Fatalf("claimed %+v again within the interval", again)
	}
	// The label was made before the endpoint: of its events, only those
	// from the endpoint's time on reach it, each once.
	seen := webhook.Followed{Seen: []string{"ELECNOT@1"}, Events: []webhook.Event{
		{ID: fmt.Sprintf("evt_before_%d", tag), CustomerID: a, Type: webhook.TrackingEvent, At: now.Add(-30 * time.Minute), Data: []byte(`{}`)},
		{ID: fmt.Sprintf("evt_after_%d", tag), CustomerID: a, Type: webhook.TrackingEvent, At: now.Add(time.Minute), Data: []byte(`{}`)},
	}}
	for _, want := range []int{1, 0} {
		ids, err := watch.Saw(ctx, got[0], seen, now)
		if err != nil || len(ids) != want {
			t.Fatalf("Saw = %v, %v; want %d deliveries", ids, err, want)
		}
	}
	if log, err := store.Deliveries(ctx, a, e.ID, 10); err != nil || len(log) != 1 || log[0].EventID != fmt.Sprintf("evt_after_%d", tag) {
		t.Fatalf("deliveries = %+v, %v", log, err)
	}
	if next := claim(now.Add(11 * time.Minute)); len(next) != 1 || len(next[0].Seen) != 1 || next[0].Seen[0] != "ELECNOT@1" {
		t.Fatalf("claimed %+v, want the label with what was seen", next)
	}
	// Disabled, the customer's labels wait; enabled again, they come back.
	if err := store.SetEnabled(ctx, a, e.ID, false); err != nil {
		t.Fatal(err)
	}
	if next := claim(now.Add(30 * time.Minute)); len(next) != 0 {
		t.Fatalf("claimed %+v with the endpoint disabled", next)
	}
	if err := store.SetEnabled(ctx, a, e.ID, true); err != nil {
		t.Fatal(err)
	}
	// A cancelled label is done, not asked about.
	if _, err := store.Pool.Exec(ctx, `UPDATE shipment SET state = 'CANCELLED' WHERE id = $1`, recent); err != nil {
		t.Fatal(err)
	}
	if next := claim(now.Add(45 * time.Minute)); len(next) != 0 {
		t.Fatalf("claimed the cancelled label: %+v", next)
	}
	var done bool
	if err := store.Pool.QueryRow(ctx, `SELECT done_at IS NOT NULL FROM tracking_watch WHERE shipment_id = $1`, recent).Scan(&done); err != nil || !done {
		t.Fatalf("cancelled label done = %v, %v", done, err)
	}
	// Past the window, the label is forgotten.
	claim(now.Add(webhook.TrackingWindow))
	var left int
	if err := store.Pool.QueryRow(ctx, `SELECT count(*) FROM tracking_watch WHERE customer_id = $1`, a).Scan(&left); err != nil || left != 0 {
		t.Fatalf("%d labels followed past the window, %v", left, err)
	}
}
