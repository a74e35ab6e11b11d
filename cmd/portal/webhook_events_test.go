package main

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"parcelportal/adapters/carrier/labels"
	carriersim "parcelportal/adapters/carrier/simulator"
	"parcelportal/adapters/postgres"
	"parcelportal/adapters/secrets"
	trackingapi "parcelportal/adapters/tracking"
	"parcelportal/adapters/tracking/simulator"
	"parcelportal/app/demo"
	"parcelportal/app/webhooks"
	"parcelportal/core/printer"
	"parcelportal/core/tracking"
	"parcelportal/core/webhook"
)

// askedSim is the tracking simulator in the process, counting the events
// asked of each tracking number.
type askedSim struct {
	sim   *simulator.Simulator
	mu    sync.Mutex
	asked map[string]int
	ever  map[string]bool
}

func (a *askedSim) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if parts := strings.Split(r.URL.Path, "/"); len(parts) > 2 && parts[len(parts)-1] == "events" {
		a.mu.Lock()
		a.asked[parts[len(parts)-2]]++
		a.ever[parts[len(parts)-2]] = true
		a.mu.Unlock()
	}
	a.sim.ServeHTTP(w, r)
}

func (a *askedSim) take() map[string]int {
	a.mu.Lock()
	defer a.mu.Unlock()
	out := a.asked
	a.asked = map[string]int{}
	return out
}

// TestTrackingEventsOfSubscribedCustomersOnly is issue 27's tracking.event
// as the worker runs it against the tracking simulator and PostgreSQL: only
// the labels of a customer with an endpoint subscribed to tracking.event
// are asked about, a bounded number per tick, each at most every interval
// and until delivered; each event the customer's users see is recorded
// once, however often the poll runs, and reaches only that customer's
// subscribed endpoints.
func TestTrackingEventsOfSubscribedCustomersOnly(t *testing.T) {
	db := newDemoDatabase(t)
	ctx := context.Background()
	bakery, books, garden := db.customer(t, demo.BakeryCRMID), db.customer(t, demo.BooksCRMID), db.customer(t, demo.GardenCRMID)
	store := postgres.Webhooks{Pool: db.pool, Sealer: db.box}
	endpoint := func(customer int64, events ...webhook.EventType) webhook.Endpoint {
		e, err := store.Create(ctx, webhook.Endpoint{CustomerID: customer, URL: "https://hooks.example/", Events: events, Secret: "whsec_AAAA"})
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	mine := endpoint(bakery, webhook.TrackingEvent, webhook.BatchSent)
	notSubscribed := endpoint(bakery, webhook.BatchSent)
	theirs := endpoint(garden, webhook.TrackingEvent)
	// The books shop has labels and no endpoint: nothing of it is asked.

	now := time.Now().Add(time.Minute)
	clock := func() time.Time { return now }
	sim := &askedSim{sim: simulator.New(simulator.WithClock(clock)), asked: map[string]int{}, ever: map[string]bool{}}
	api := httptest.NewServer(sim)
	t.Cleanup(api.Close)

	var batchID int64
	if err := db.pool.QueryRow(ctx, `INSERT INTO batch (customer_id, csv_file_name, csv, status, created_by)
		VALUES ($1, 'b.csv', 'x', 'SENT', 'tester') RETURNING id`, bakery).Scan(&batchID); err != nil {
		t.Fatal(err)
	}
	tag := now.UnixNano()
	label := func(customer int64, crmid string, n int, product string) string {
		identifier := fmt.Sprintf("TRK%d%02d", tag%1e9, n)
		if _, err := db.pool.Exec(ctx, `INSERT INTO shipment (batch_id, customer_id, position, reference, state, identifier, product, submitted_at)
			VALUES (CASE WHEN $1 = $6::bigint THEN $7::bigint END, $1, $2, $3, 'DONE', $4, $5, $8)`,
			customer, n, fmt.Sprintf("REF-%d-%d", tag, n), identifier, product, bakery, batchID, now); err != nil {
			t.Fatal(err)
		}
		sim.sim.Labelled(crmid, labels.Label{Identifier: identifier, Product: product, SenderHub: "DE", Date: now,
			Receiver: labels.Address{Name: "Jan Jansen", City: "Utrecht", Country: "NL"}})
		return identifier
	}
	bakeryLabels := []string{label(bakery, demo.BakeryCRMID, 1, "EPAQPLS"), label(bakery, demo.BakeryCRMID, 2, "EPAQPLS"), label(bakery, demo.BakeryCRMID, 3, "EPAQPLS")}
	booksLabels := []string{label(books, demo.BooksCRMID, 4, "EPAQPLS"), label(books, demo.BooksCRMID, 5, "EPAQPLS")}

	queue := &tryQueue{}
	poll := webhooks.TrackingPoll{
		Watch: postgres.TrackingWatch{Pool: db.pool}, Customers: postgres.Customers{Pool: db.pool, Sealer: db.box},
		Tracking: trackingapi.New(api.URL), Queue: queue, PerRun: 2, Every: 10 * time.Minute, Now: clock,
	}
	tick := func() map[string]int {
		t.Helper()
		if err := poll.Tick(ctx); err != nil {
			t.Fatal(err)
		}
		return sim.take()
	}
	// Bounded: two labels a tick, then the third; none asked twice within
	// the interval, none of the books shop's.
	first, second := tick(), tick()
	if len(first) != 2 || len(second) != 1 {
		t.Fatalf("asked %v, then %v; want two labels, then the third", first, second)
	}
	for _, id := range bakeryLabels {
		if first[id]+second[id] != 1 {
			t.Fatalf("label %s asked %d times in the first two ticks", id, first[id]+second[id])
		}
	}
	if again := tick(); len(again) != 0 {
		t.Fatalf("asked %v again within the interval", again)
	}
	// Two days later every parcel is delivered; the ticks go round them
	// and stop asking once each is delivered.
	now = now.Add(5 * 24 * time.Hour / simulator.DefaultSpeedup).Add(11 * time.Minute)
	for range 3 {
		tick()
		now = now.Add(11 * time.Minute)
	}
	if again := tick(); len(again) != 0 {
		t.Fatalf("delivered labels asked again: %v", again)
	}
	var watched, booksWatched int
	if err := db.pool.QueryRow(ctx, `SELECT count(*) FILTER (WHERE done_at IS NOT NULL AND customer_id = $1), count(*) FILTER (WHERE customer_id = $2)
		FROM tracking_watch`, bakery, books).Scan(&watched, &booksWatched); err != nil || watched != 3 || booksWatched != 0 {
		t.Fatalf("%d of the bakery's labels done, %d of the books shop's followed, %v", watched, booksWatched, err)
	}
	for _, id := range booksLabels {
		if sim.ever[id] {
			t.Fatalf("the books shop's label %s was asked about without a subscription", id)
		}
	}

	// Every event the bakery's users see, once per label, code and time.
	rows, err := db.pool.Query(ctx, `SELECT e.id, e.customer_id, e.data FROM webhook_delivery d JOIN webhook_event e ON e.id = d.event_id
		WHERE d.endpoint_id = $1 ORDER BY e.at, e.id`, mine.ID)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	delivered := map[string]bool{}
	for rows.Next() {
		var id string
		var customer int64
		var data struct{ TrackingNumber, Code, BatchID string }
		var raw []byte
		if err := rows.Scan(&id, &customer, &raw); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(raw, &data); err != nil || customer != bakery || seen[id] || data.BatchID != fmt.Sprint(batchID) {
			t.Fatalf("event %s of customer %d: %s, %v (seen before: %v)", id, customer, raw, err, seen[id])
		}
		if data.Code == "CSCALL" {
			t.Fatalf("a customer-service event reached the customer: %s", raw)
		}
		seen[id] = true
		if data.Code == tracking.Delivery {
			delivered[data.TrackingNumber] = true
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if len(delivered) != 3 || len(seen) < 3*6 {
		t.Fatalf("%d events, deliveries of %v; want at least six events of each of the three labels, each delivered", len(seen), delivered)
	}
	t.Logf("%d tracking events of the bakery's three labels; asked %v, then %v", len(seen), first, second)
	var queued int
	for _, q := range queue.take() {
		if q.id > 0 {
			queued++
		}
	}
	if queued != len(seen) {
		t.Fatalf("%d deliveries queued for %d events", queued, len(seen))
	}
	for _, e := range []webhook.Endpoint{notSubscribed, theirs} {
		if got, err := store.Deliveries(ctx, e.CustomerID, e.ID, 10); err != nil || len(got) != 0 {
			t.Fatalf("endpoint %d of customer %d (%v) got %+v, %v", e.ID, e.CustomerID, e.Events, got, err)
		}
	}
	// Run again from a fresh watch (as after a lost update): the same
	// events are not recorded twice.
	if _, err := db.pool.Exec(ctx, `UPDATE tracking_watch SET seen = '{}', done_at = NULL, checked_at = NULL`); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		tick()
	}
	var events int
	if err := db.pool.QueryRow(ctx, `SELECT count(*) FROM webhook_event WHERE type = 'tracking.event'`).Scan(&events); err != nil || events != len(seen) {
		t.Fatalf("%d tracking events after the poll ran again, want %d, %v", events, len(seen), err)
	}
}

// TestParcelLabelEventsReachTheReceiver follows single parcels as main
// wires them, through the carrier and tracking simulators, to a receiver
// that checks each delivery with the Standard Webhooks library and answers
// every event's first try with 503: a parcel deleted after labelling
// sends one label.cancelled with its parcel id and tracking number, a
// labelled parcel its tracking events, each once per id across the forced
// retry and the poll and sweep run twice; another customer's endpoint gets
// nothing.
func TestParcelLabelEventsReachTheReceiver(t *testing.T) {
	clk := &testClock{at: time.Now()}
	tsim := simulator.New(simulator.WithClock(clk.Now))
	tsrv := httptest.NewServer(tsim)
	t.Cleanup(tsrv.Close)
	p := newParcelPortal(t, carriersim.WithObserver(tsim))
	ctx := context.Background()
	store := postgres.Webhooks{Pool: p.db.pool, Sealer: p.db.box}
	mine, mineURL := receiverAt(t, "127.0.0.3:0")
	theirs, theirsURL := receiverAt(t, "127.0.0.3:0")
	endpoint := func(customer int64, url string, r *hookReceiver) {
		key := make([]byte, 24)
		if _, err := rand.Read(key); err != nil {
			t.Fatal(err)
		}
		secret := "whsec_" + base64.StdEncoding.EncodeToString(key)
		if _, err := store.Create(ctx, webhook.Endpoint{CustomerID: customer, URL: url + "/hook", Secret: secret,
			Events: []webhook.EventType{webhook.LabelCancelled, webhook.TrackingEvent}}); err != nil {
			t.Fatal(err)
		}
		r.mu.Lock()
		r.secret, r.clock = secret, clk.Now
		r.mu.Unlock()
	}
	endpoint(p.bakery, mineURL, mine)
	endpoint(p.garden, theirsURL, theirs)

	user := p.as("ROLE_USER", p.bakery)
	deleted, kept := p.create(user, p.bakery, "Anna", true), p.create(user, p.bakery, "Bert", true)
	identifiers := map[string]string{}
	for _, id := range []string{deleted, kept} {
		identifiers[id] = fmt.Sprint(p.ok(user, "POST", "/web/api/parcels/"+id+"/label", "")["identifier"])
	}
	p.ok(user, "DELETE", "/web/api/parcels/"+deleted, "")

	networks, _ := printer.ParseNetworks("127.0.0.3/32")
	cfg := config{CredentialsKey: secrets.DevelopmentKey, KratosAdminURL: os.Getenv("KRATOS_ADMIN_URL"), WebhookNetworks: networks, WebhookTimeout: 2 * time.Second}
	queue := &tryQueue{}
	svc := webhooksOf(cfg, p.db.pool, p.db.box, nil, kratosOf(cfg))
	svc.Queue, svc.Now = queue, clk.Now
	poll := webhooks.TrackingPoll{Watch: postgres.TrackingWatch{Pool: p.db.pool}, Customers: postgres.Customers{Pool: p.db.pool, Sealer: p.db.box},
		Tracking: trackingapi.New(tsrv.URL), Queue: queue, Now: clk.Now}
	deliver := func() {
		t.Helper()
		for round := 0; round < 5; round++ {
			tries := queue.take()
			if len(tries) == 0 {
				return
			}
			for _, tr := range tries {
				if tr.at.After(clk.Now()) {
					clk.Set(tr.at)
				}
				if err := svc.Deliver(ctx, tr.id); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	for range 2 {
		// The parcel's journey plays to its end, then the poll and the sweep
		// run, twice.
		clk.Set(clk.Now().Add(5*24*time.Hour/simulator.DefaultSpeedup + webhook.TrackingEvery))
		if err := poll.Tick(ctx); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Sweep(ctx); err != nil {
			t.Fatal(err)
		}
		deliver()
	}

	mine.mu.Lock()
	defer mine.mu.Unlock()
	theirs.mu.Lock()
	defer theirs.mu.Unlock()
	if mine.bad != 0 || theirs.bad != 0 || len(theirs.tries) != 0 {
		t.Fatalf("signatures refused: %d, %d; the garden's receiver was tried %v", mine.bad, theirs.bad, theirs.tries)
	}
	cancelled, codes := 0, map[string]bool{}
	for id, body := range mine.events {
		if mine.tries[id] != 2 {
			t.Errorf("event %s tried %d times, want the forced retry and one more", id, mine.tries[id])
		}
		var ev struct {
			Type string
			Data struct{ ParcelID, TrackingNumber, Code, Reason string }
		}
		if err := json.Unmarshal([]byte(body), &ev); err != nil {
			t.Fatal(err)
		}
		switch ev.Type {
		case string(webhook.LabelCancelled):
			cancelled++
			if ev.Data.ParcelID != deleted || ev.Data.TrackingNumber != identifiers[deleted] || ev.Data.Reason != "cancelled" {
				t.Errorf("label.cancelled = %s", body)
			}
		case string(webhook.TrackingEvent):
			if ev.Data.ParcelID != kept || ev.Data.TrackingNumber != identifiers[kept] {
				t.Errorf("tracking.event of another parcel: %s", body)
			}
			codes[ev.Data.Code] = true
		default:
			t.Errorf("unexpected event %s", body)
		}
	}
	if cancelled != 1 || !codes[tracking.ElecNot] || !codes[tracking.Delivery] {
		t.Fatalf("the bakery's receiver got %d label.cancelled and tracking codes %v: %v", cancelled, codes, mine.events)
	}
}
