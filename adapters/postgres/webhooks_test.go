package postgres_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"parcelportal/adapters/postgres"
	"parcelportal/adapters/postgres/postgrestest"
	"parcelportal/adapters/secrets"
	"parcelportal/app/batchjob"
	"parcelportal/core/shipment"
	"parcelportal/core/webhook"
)

func webhookStore(t *testing.T) (postgres.Webhooks, [2]int64) {
	t.Helper()
	pool := postgrestest.NewPool(t)
	box, err := secrets.NewBox(secrets.DevelopmentKey)
	if err != nil {
		t.Fatal(err)
	}
	return postgres.Webhooks{Pool: pool, Sealer: box}, demoCustomers(t, pool)
}

func TestWebhookEndpointsKeepTheirCustomer(t *testing.T) {
	t.Parallel()
	store, customers := webhookStore(t)
	ctx := context.Background()
	a, b := customers[0], customers[1]
	e, err := store.Create(ctx, webhook.Endpoint{CustomerID: a, URL: "https://hooks.example/a", Events: []webhook.EventType{webhook.BatchSent}, Secret: "whsec_AAAA"})
	if err != nil || e.ID == 0 || !e.Enabled || e.Secret != "whsec_AAAA" {
		t.Fatalf("Create = %+v, %v", e, err)
	}
	if _, err := store.Create(ctx, webhook.Endpoint{CustomerID: 1 << 40, URL: "https://x/", Events: []webhook.EventType{webhook.BatchSent}, Secret: "whsec_AAAA"}); !errors.Is(err, webhook.ErrNotFound) {
		t.Fatalf("Create for a missing customer = %v", err)
	}
	var stored []byte
	if err := store.Pool.QueryRow(ctx, "SELECT secret_sealed FROM webhook_endpoint WHERE id = $1", e.ID).Scan(&stored); err != nil || string(stored) == "whsec_AAAA" || len(stored) == 0 {
		t.Fatalf("secret stored as %q, %v: want it sealed", stored, err)
	}
	list, err := store.List(ctx, a)
	if err != nil || len(list) != 1 || list[0].Secret != "" || list[0].URL != e.URL {
		t.Fatalf("List = %+v, %v", list, err)
	}
	if _, err := store.Get(ctx, b, e.ID); !errors.Is(err, webhook.ErrNotFound) {
		t.Fatalf("Get as another customer = %v", err)
	}
	if err := store.SetEnabled(ctx, b, e.ID, false); !errors.Is(err, webhook.ErrNotFound) {
		t.Fatalf("SetEnabled as another customer = %v", err)
	}
	if err := store.Delete(ctx, b, e.ID); !errors.Is(err, webhook.ErrNotFound) {
		t.Fatalf("Delete as another customer = %v", err)
	}
	if err := store.Delete(ctx, a, e.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := store.Get(ctx, a, e.ID); !errors.Is(err, webhook.ErrNotFound) {
		t.Fatalf("Get after delete = %v", err)
	}
}

func TestWebhookOutbox(t *testing.T) {
	t.Parallel()
	store, customers := webhookStore(t)
	ctx := context.Background()
	a, b := customers[0], customers[1]
	mk := func(customer int64, events ...webhook.EventType) webhook.Endpoint {
		e, err := store.Create(ctx, webhook.Endpoint{CustomerID: customer, URL: "https://hooks.example/", Events: events, Secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"})
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	sent := mk(a, webhook.BatchSent)
	manifests := mk(a, webhook.ManifestCreated)
	otherCustomers := mk(b, webhook.BatchSent)
	at := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	ev := webhook.Event{ID: "evt_one", CustomerID: a, Type: webhook.BatchSent, At: at, Data: []byte(`{"batchId":1}`)}
	ids, err := store.Record(ctx, ev, 0)
	if err != nil || len(ids) != 1 {
		t.Fatalf("Record = %v, %v: want one delivery, to the subscribed endpoint of the event's customer", ids, err)
	}
	again, err := store.Record(ctx, ev, 0)
	if err != nil || len(again) != 0 {
		t.Fatalf("Record of the same id again = %v, %v", again, err)
	}
	// The test event goes to the one endpoint named, whatever it subscribes to.
	test, err := store.Record(ctx, webhook.Event{ID: "evt_test", CustomerID: a, Type: webhook.Test, At: at}, manifests.ID)
	if err != nil || len(test) != 1 {
		t.Fatalf("Record of a test event = %v, %v", test, err)
	}
	// Naming another customer's endpoint reaches nothing.
	if none, err := store.Record(ctx, webhook.Event{ID: "evt_cross", CustomerID: a, Type: webhook.Test, At: at}, otherCustomers.ID); err != nil || len(none) != 0 {
		t.Fatalf("Record to another customer's endpoint = %v, %v", none, err)
	}
	due, err := store.Due(ctx, at, 10)
	if err != nil || len(due) != 2 {
		t.Fatalf("Due = %v, %v", due, err)
	}
	att, ok, err := store.Attempt(ctx, ids[0])
	if err != nil || !ok || att.Endpoint.ID != sent.ID || att.Endpoint.Secret != "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" ||
		att.Event.ID != "evt_one" || att.Event.CustomerID != a || string(att.Event.Data) != `{"batchId": 1}` {
		t.Fatalf("Attempt = %+v, %v, %v", att, ok, err)
	}
	failed := att.Delivery.Record(webhook.Outcome{Status: 500, Duration: 30 * time.Millisecond, At: at})
	since, err := store.Finish(ctx, failed)
	if err != nil || !since.Equal(at) {
		t.Fatalf("Finish of a failure = %v, %v; want failing since %v", since, err, at)
	}
	if due, _ := store.Due(ctx, at, 10); len(due) != 1 {
		t.Fatalf("Due before the retry = %v", due)
	}
	log, err := store.Deliveries(ctx, a, sent.ID, 10)
	if err != nil || len(log) != 1 || log[0].Status != 500 || log[0].Duration != 30*time.Millisecond || !log[0].NextTry.Equal(failed.NextTry) || log[0].EventType != webhook.BatchSent {
		t.Fatalf("Deliveries = %+v, %v", log, err)
	}
	if other, err := store.Deliveries(ctx, b, sent.ID, 10); err != nil || len(other) != 0 {
		t.Fatalf("Deliveries as another customer = %+v, %v", other, err)
	}
	att, _, _ = store.Attempt(ctx, ids[0])
	ok2 := att.Delivery.Record(webhook.Outcome{Status: 204, At: at.Add(time.Minute)})
	if since, err := store.Finish(ctx, ok2); err != nil || !since.IsZero() {
		t.Fatalf("Finish of a success = %v, %v", since, err)
	}
	if _, ok, _ := store.Attempt(ctx, ids[0]); ok {
		t.Fatal("a delivered delivery is still attempted")
	}
	// Disabling fails what is pending and stops attempts.
	if err := store.Disable(ctx, manifests.ID, "failing"); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := store.Attempt(ctx, test[0]); ok {
		t.Fatal("a delivery of a disabled endpoint is still attempted")
	}
	got, _ := store.Get(ctx, a, manifests.ID)
	if got.Enabled || got.DisabledReason != "failing" {
		t.Fatalf("disabled endpoint = %+v", got)
	}
	if err := store.SetEnabled(ctx, a, manifests.ID, true); err != nil {
		t.Fatal(err)
	}
	if got, _ := store.Get(ctx, a, manifests.ID); !got.Enabled || got.DisabledReason != "" || !got.FailingSince.IsZero() {
		t.Fatalf("enabled again = %+v", got)
	}
}

// The batch table is the outbox of batch events: each change is recorded
// once under an id made of it, for the batch's own customer only, and not
// for endpoints registered after it.
func TestWebhookEventsOfBatchChanges(t *testing.T) {
	t.Parallel()
	store, customers := webhookStore(t)
	ctx := context.Background()
	a, b := customers[0], customers[1]
	now := time.Now()
	mine, err := store.Create(ctx, webhook.Endpoint{CustomerID: a, URL: "https://hooks.example/", Events: []webhook.EventType{webhook.BatchSent, webhook.BatchFailed}, Secret: "whsec_AAAA"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := store.Create(ctx, webhook.Endpoint{CustomerID: b, URL: "https://other.example/", Events: []webhook.EventType{webhook.ManifestCreated}, Secret: "whsec_AAAA"}); err != nil {
		t.Fatal(err)
	}
	batch := func(customer int64, status string, sentAt *time.Time) int64 {
		var id int64
		if err := store.Pool.QueryRow(ctx, `INSERT INTO batch (customer_id, csv_file_name, csv, status, created_by, sent_at)
			VALUES ($1, 'b.csv', 'x', $2, 'tester', $3) RETURNING id`, customer, status, sentAt).Scan(&id); err != nil {
			t.Fatal(err)
		}
		return id
	}
	later := now.Add(time.Minute)
	sent := batch(a, "SENT", &later)
	batch(a, "ERROR_SEND", nil)
	batch(b, "SENT", &later) // the other customer's endpoint does not take batch.sent
	before := now.Add(-time.Hour)
	batch(a, "SENT", &before) // before the endpoint existed
	ids, err := store.RecordChanges(ctx, now.Add(2*time.Minute))
	if err != nil || len(ids) != 2 {
		t.Fatalf("RecordChanges = %v, %v; want the sent and the failed batch", ids, err)
	}
	if again, err := store.RecordChanges(ctx, now.Add(3*time.Minute)); err != nil || len(again) != 0 {
		t.Fatalf("RecordChanges again = %v, %v", again, err)
	}
	log, err := store.Deliveries(ctx, a, mine.ID, 10)
	if err != nil || len(log) != 2 {
		t.Fatalf("deliveries = %+v, %v", log, err)
	}
	found := false
	for _, d := range log {
		if d.EventID == fmt.Sprintf("evt_batch_%d_sent", sent) && d.EventType == webhook.BatchSent {
			found = true
		}
	}
	if !found {
		t.Fatalf("no batch.sent event of batch %d in %+v", sent, log)
	}
}

// A label cancelled at the carrier, by a cancel (the shipment stays
// CANCELLED), a delete (the shipment is removed) or a resend (its earlier
// label is replaced), is noted in the transaction of the change and
// becomes one label.cancelled event per label, recorded once across
// sweeps and a job run twice, only for the customer's subscribed
// endpoints; a shipment cancelled without a label records nothing.
func TestWebhookEventsOfCancelledLabels(t *testing.T) {
	t.Parallel()
	store, customers := webhookStore(t)
	ctx := context.Background()
	a, b := customers[0], customers[1]
	endpoint := func(customer int64, events ...webhook.EventType) webhook.Endpoint {
		e, err := store.Create(ctx, webhook.Endpoint{CustomerID: customer, URL: "https://hooks.example/", Events: events, Secret: "whsec_AAAA"})
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	mine := endpoint(a, webhook.LabelCancelled, webhook.BatchSent)
	notSubscribed := endpoint(a, webhook.BatchFailed)
	theirs := endpoint(b, webhook.LabelCancelled)

	var batchID int64
	if err := store.Pool.QueryRow(ctx, `INSERT INTO batch (customer_id, csv_file_name, csv, status, created_by)
		VALUES ($1, 'b.csv', 'x', 'CANCELLING', 'tester') RETURNING id`, a).Scan(&batchID); err != nil {
		t.Fatal(err)
	}
	tag := time.Now().UnixNano()
	ship := func(position int, state, identifier string) int64 {
		var id int64
		if err := store.Pool.QueryRow(ctx, `INSERT INTO shipment (batch_id, customer_id, position, reference, state, identifier)
			VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`, batchID, a, position, fmt.Sprintf("REF-%d-%d", tag, position), state, identifier).Scan(&id); err != nil {
			t.Fatal(err)
		}
		return id
	}
	cancelled, deleted, replaced, unlabelled := ship(1, "DONE", "LBL-1"), ship(2, "DONE", "LBL-2"), ship(3, "PENDING", "LBL-3"), ship(4, "PENDING", "")
	work := postgres.BatchWork{Pool: store.Pool}
	at := time.Now().Add(time.Second)
	for range 2 { // a job run twice notes the label once
		if err := work.Finish(ctx, batchjob.Outcome{ShipmentID: cancelled, BatchID: batchID, State: shipment.Cancelled, At: at}); err != nil {
			t.Fatal(err)
		}
	}
	if err := work.Finish(ctx, batchjob.Outcome{ShipmentID: unlabelled, BatchID: batchID, State: shipment.Cancelled, At: at}); err != nil {
		t.Fatal(err)
	}
	if err := work.Remove(ctx, batchID, deleted, nil); err != nil {
		t.Fatal(err)
	}
	if err := work.Voided(ctx, replaced, nil); err != nil {
		t.Fatal(err)
	}

	ids, err := store.RecordChanges(ctx, at.Add(time.Minute))
	if err != nil || len(ids) != 3 {
		t.Fatalf("RecordChanges = %v, %v; want the three cancelled labels", ids, err)
	}
	if again, err := store.RecordChanges(ctx, at.Add(2*time.Minute)); err != nil || len(again) != 0 {
		t.Fatalf("RecordChanges again = %v, %v", again, err)
	}
	log, err := store.Deliveries(ctx, a, mine.ID, 10)
	if err != nil || len(log) != 3 {
		t.Fatalf("deliveries = %+v, %v", log, err)
	}
	for _, e := range []webhook.Endpoint{notSubscribed, theirs} {
		if got, err := store.Deliveries(ctx, e.CustomerID, e.ID, 10); err != nil || len(got) != 0 {
			t.Fatalf("endpoint %d (%v) got %+v, %v", e.ID, e.Events, got, err)
		}
	}
	want := map[string]string{"LBL-1": "cancelled", "LBL-2": "cancelled", "LBL-3": "replaced"}
	shipments := map[string]int64{"LBL-1": cancelled, "LBL-2": deleted, "LBL-3": replaced}
	for _, d := range log {
		var data struct{ ShipmentID, BatchID, Reference, TrackingNumber, Reason string }
		var customer int64
		if d.EventType != webhook.LabelCancelled {
			t.Fatalf("delivery %+v", d)
		}
		if err := store.Pool.QueryRow(ctx, `SELECT customer_id, data->>'shipmentId', data->>'batchId', data->>'reference',
			data->>'trackingNumber', data->>'reason' FROM webhook_event WHERE id = $1`, d.EventID).Scan(
			&customer, &data.ShipmentID, &data.BatchID, &data.Reference, &data.TrackingNumber, &data.Reason); err != nil {
			t.Fatal(err)
		}
		if customer != a || want[data.TrackingNumber] != data.Reason || data.ShipmentID != fmt.Sprint(shipments[data.TrackingNumber]) ||
			data.BatchID != fmt.Sprint(batchID) || data.Reference == "" {
			t.Fatalf("event %s = customer %d %+v", d.EventID, customer, data)
		}
		delete(want, data.TrackingNumber)
	}
	if len(want) != 0 {
		t.Fatalf("no event of %v", want)
	}
	var left int
	if err := store.Pool.QueryRow(ctx, `SELECT count(*) FROM label_cancellation WHERE customer_id = $1`, a).Scan(&left); err != nil || left != 0 {
		t.Fatalf("%d notes left after the sweep, %v", left, err)
	}
}
