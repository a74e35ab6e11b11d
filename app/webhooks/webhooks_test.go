package webhooks_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"parcelportal/app/webhooks"
	"parcelportal/core/access"
	"parcelportal/core/failure"
	"parcelportal/core/webhook"
)

// mem is an in-memory Store and Outbox, enough for the use cases' rules.
type mem struct {
	endpoints  map[int64]webhook.Endpoint
	events     map[string]webhook.Event
	deliveries map[int64]webhook.Delivery
	next       int64
}

func newMem() *mem {
	return &mem{endpoints: map[int64]webhook.Endpoint{}, events: map[string]webhook.Event{}, deliveries: map[int64]webhook.Delivery{}}
}

func (m *mem) List(_ context.Context, customerID int64) ([]webhook.Endpoint, error) {
	var out []webhook.Endpoint
	for _, e := range m.endpoints {
		if e.CustomerID == customerID {
			out = append(out, e)
		}
	}
	slices.SortFunc(out, func(a, b webhook.Endpoint) int { return int(a.ID - b.ID) })
	return out, nil
}

func (m *mem) Get(_ context.Context, customerID, id int64) (webhook.Endpoint, error) {
	e, ok := m.endpoints[id]
	if !ok || e.CustomerID != customerID {
		return webhook.Endpoint{}, webhook.ErrNotFound
	}
	return e, nil
}

func (m *mem) Create(_ context.Context, e webhook.Endpoint) (webhook.Endpoint, error) {
	m.next++
	e.ID = m.next
	m.endpoints[e.ID] = e
	return e, nil
}

func (m *mem) SetEnabled(ctx context.Context, customerID, id int64, enabled bool) error {
	e, err := m.Get(ctx, customerID, id)
	if err != nil {
		return err
	}
	e.Enabled = enabled
	m.endpoints[id] = e
	return nil
}

func (m *mem) Delete(ctx context.Context, customerID, id int64) error {
	if _, err := m.Get(ctx, customerID, id); err != nil {
		return err
	}
	delete(m.endpoints, id)
	return nil
}

func (m *mem) Deliveries(_ context.Context, customerID, endpointID int64, _ int) ([]webhook.Delivery, error) {
	var out []webhook.Delivery
	for _, d := range m.deliveries {
		if d.EndpointID == endpointID && m.endpoints[endpointID].CustomerID == customerID {
			out = append(out, d)
		}
	}
	return out, nil
}

func (m *mem) Record(_ context.Context, e webhook.Event, endpointID int64) ([]int64, error) {
	if _, ok := m.events[e.ID]; ok {
		return nil, nil
	}
	m.events[e.ID] = e
	var ids []int64
	for _, p := range m.endpoints {
		if p.CustomerID == e.CustomerID && p.Enabled && p.Subscribes(e.Type) && (endpointID == 0 || p.ID == endpointID) {
			m.next++
			m.deliveries[m.next] = webhook.Delivery{ID: m.next, EndpointID: p.ID, EventID: e.ID, EventType: e.Type, State: webhook.Pending, NextTry: e.At}
			ids = append(ids, m.next)
		}
	}
	return ids, nil
}

func (m *mem) Attempt(_ context.Context, id int64) (webhooks.Attempt, bool, error) {
	d, ok := m.deliveries[id]
	if !ok || d.State != webhook.Pending || !m.endpoints[d.EndpointID].Enabled {
		return webhooks.Attempt{}, false, nil
	}
	return webhooks.Attempt{Delivery: d, Endpoint: m.endpoints[d.EndpointID], Event: m.events[d.EventID]}, true, nil
}

func (m *mem) Finish(_ context.Context, d webhook.Delivery) (time.Time, error) {
	m.deliveries[d.ID] = d
	e := m.endpoints[d.EndpointID]
	if d.State == webhook.Delivered {
		e.FailingSince = time.Time{}
	} else if e.FailingSince.IsZero() {
		e.FailingSince = d.LastTry
	}
	m.endpoints[e.ID] = e
	return e.FailingSince, nil
}

func (m *mem) Disable(_ context.Context, id int64, reason string) error {
	e := m.endpoints[id]
	e.Enabled, e.DisabledReason = false, reason
	m.endpoints[id] = e
	return nil
}

func (m *mem) Due(_ context.Context, now time.Time, _ int) ([]int64, error) {
	var ids []int64
	for id, d := range m.deliveries {
		if d.State == webhook.Pending && !d.NextTry.After(now) {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	return ids, nil
}

func (m *mem) RecordChanges(context.Context, time.Time) ([]int64, error) { return nil, nil }

type queued struct {
	id int64
	at time.Time
}

type queue struct{ tasks []queued }

func (q *queue) Deliver(_ context.Context, id int64, at time.Time) error {
	q.tasks = append(q.tasks, queued{id, at})
	return nil
}

// receiver answers with the statuses in turn and keeps what it got.
type receiver struct {
	statuses []int
	got      []map[string]string
	urls     []string
}

func (r *receiver) Check(_ context.Context, url string) error {
	if strings.Contains(url, "127.0.0.1") {
		return &failure.Error{Kind: failure.Invalid, Key: webhook.KeyAddressRefused}
	}
	return nil
}

func (r *receiver) Post(_ context.Context, url string, h map[string]string, _ []byte) (int, time.Duration, error) {
	r.got = append(r.got, h)
	r.urls = append(r.urls, url)
	if len(r.statuses) == 0 {
		return 0, 0, errors.New("connection refused")
	}
	s := r.statuses[0]
	r.statuses = r.statuses[1:]
	return s, 12 * time.Millisecond, nil
}

type mailer struct{ disabled []webhook.Endpoint }

func (m *mailer) EndpointDisabled(_ context.Context, e webhook.Endpoint) error {
	m.disabled = append(m.disabled, e)
	return nil
}

type fixture struct {
	svc    webhooks.Service
	mem    *mem
	queue  *queue
	recv   *receiver
	mailer *mailer
	now    time.Time
}

func newFixture() *fixture {
	f := &fixture{mem: newMem(), queue: &queue{}, recv: &receiver{}, mailer: &mailer{}, now: time.Date(2026, 5, 1, 8, 0, 0, 0, time.UTC)}
	f.svc = webhooks.Service{Store: f.mem, Outbox: f.mem, Queue: f.queue, Sender: f.recv, Mailer: f.mailer,
		Random: rand.Reader, Now: func() time.Time { return f.now }}
	return f
}

var (
	customerUser = &access.Caller{Roles: []access.Role{access.User}, CustomerID: 7}
	apiLogin     = &access.Caller{Roles: []access.Role{access.API}, CustomerID: 7}
	fulfiller    = &access.Caller{Roles: []access.Role{access.User}, FulfillmentID: 3, FulfillmentCustomers: []int64{7, 8}}
	staffAdmin   = &access.Caller{Roles: []access.Role{access.Admin}}
)

func endpoint(customer int64, url string, events ...webhook.EventType) webhook.Endpoint {
	return webhook.Endpoint{CustomerID: customer, URL: url, Events: events}
}

func kindOf(err error) failure.Kind {
	if f, ok := failure.As(err); ok {
		return f.Kind
	}
	return 0
}

func TestWhoMayManageEndpoints(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		name     string
		caller   *access.Caller
		customer int64
		want     failure.Kind
	}{
		{"the customer's user", customerUser, 7, 0},
		{"the customer's API login", apiLogin, 7, 0},
		{"a fulfillment for a customer it acts for", fulfiller, 8, 0},
		{"staff admin", staffAdmin, 9, 0},
		{"another customer's user", customerUser, 8, failure.NotFound},
		{"a fulfillment for a customer it does not act for", fulfiller, 9, failure.NotFound},
		{"tracking only", &access.Caller{Roles: []access.Role{access.TrackingOnly}, CustomerID: 7}, 7, failure.Forbidden},
		{"customer service", &access.Caller{Roles: []access.Role{access.CustomerService}}, 7, failure.Forbidden},
		{"operations", &access.Caller{Roles: []access.Role{access.Operations}}, 7, failure.Forbidden},
		{"anonymous", nil, 7, failure.Unauthenticated},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := newFixture()
			// One endpoint of the customer, made by staff, for the other calls.
			existing, err := f.svc.Create(ctx, staffAdmin, endpoint(c.customer, "https://hooks.example/", webhook.BatchSent))
			if err != nil {
				t.Fatal(err)
			}
			calls := map[string]func() error{
				"create": func() error {
					_, err := f.svc.Create(ctx, c.caller, endpoint(c.customer, "https://hooks.example/x", webhook.BatchSent))
					return err
				},
				"list": func() error { _, err := f.svc.List(ctx, c.caller, c.customer); return err },
				"disable": func() error {
					return f.svc.SetEnabled(ctx, c.caller, c.customer, existing.ID, false)
				},
				"deliveries": func() error {
					_, err := f.svc.Deliveries(ctx, c.caller, c.customer, existing.ID)
					return err
				},
				"test": func() error { return f.svc.SendTestEvent(ctx, c.caller, c.customer, existing.ID) },
				"delete": func() error {
					return f.svc.Delete(ctx, c.caller, c.customer, existing.ID)
				},
			}
			for _, name := range []string{"create", "list", "disable", "deliveries", "test", "delete"} {
				if got := kindOf(calls[name]()); got != c.want {
					t.Errorf("%s: failure kind %v, want %v", name, got, c.want)
				}
			}
			if c.want != 0 && len(f.recv.got)+len(f.queue.tasks) != 0 {
				t.Errorf("a refused caller made deliveries")
			}
		})
	}
}

// An endpoint id of another customer is not found, even with the caller's
// own customer named.
func TestAnotherCustomersEndpointIsNotFound(t *testing.T) {
	ctx := context.Background()
	f := newFixture()
	theirs, err := f.svc.Create(ctx, staffAdmin, endpoint(8, "https://hooks.example/", webhook.BatchSent))
	if err != nil {
		t.Fatal(err)
	}
	if err := f.svc.SendTestEvent(ctx, customerUser, 7, theirs.ID); !errors.Is(err, webhook.ErrNotFound) {
		t.Errorf("test event to another customer's endpoint = %v", err)
	}
	if _, err := f.svc.Deliveries(ctx, customerUser, 7, theirs.ID); !errors.Is(err, webhook.ErrNotFound) {
		t.Errorf("deliveries of another customer's endpoint = %v", err)
	}
	if err := f.svc.Delete(ctx, customerUser, 7, theirs.ID); !errors.Is(err, webhook.ErrNotFound) {
		t.Errorf("delete of another customer's endpoint = %v", err)
	}
}

func TestCreateShowsTheSecretOnceAndChecksTheAddress(t *testing.T) {
	ctx := context.Background()
	f := newFixture()
	e, err := f.svc.Create(ctx, customerUser, endpoint(7, "https://hooks.example/", webhook.BatchSent, webhook.BatchSent))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(e.Secret, "whsec_") || !e.Enabled || len(e.Events) != 1 {
		t.Fatalf("created %+v", e)
	}
	if _, err := webhook.Key(e.Secret); err != nil {
		t.Fatalf("secret %q: %v", e.Secret, err)
	}
	list, _ := f.svc.List(ctx, customerUser, 7)
	if len(list) != 1 || list[0].Secret != "" {
		t.Fatalf("List shows %+v", list)
	}
	if _, err := f.svc.Create(ctx, customerUser, endpoint(7, "https://127.0.0.1/", webhook.BatchSent)); kindOf(err) != failure.Invalid {
		t.Fatalf("an address the rule refuses = %v", err)
	}
	if _, err := f.svc.Create(ctx, customerUser, endpoint(7, "http://hooks.example/", webhook.BatchSent)); kindOf(err) != failure.Invalid {
		t.Fatalf("http in production = %v", err)
	}
}

// A receiver that fails once and then answers sees the same webhook-id on
// both tries, each signed for its own time; the event is delivered once.
func TestDeliveryRetriesWithTheSameID(t *testing.T) {
	ctx := context.Background()
	f := newFixture()
	mine, _ := f.svc.Create(ctx, customerUser, endpoint(7, "https://mine.example/", webhook.BatchSent))
	theirs, _ := f.svc.Create(ctx, staffAdmin, endpoint(8, "https://theirs.example/", webhook.BatchSent))
	_ = theirs
	f.recv.statuses = []int{503, 200}
	if err := f.svc.Publish(ctx, webhook.Event{ID: "evt_batch_1_sent", CustomerID: 7, Type: webhook.BatchSent, Data: []byte(`{"batchId":1}`)}); err != nil {
		t.Fatal(err)
	}
	if len(f.queue.tasks) != 1 {
		t.Fatalf("queued %v", f.queue.tasks)
	}
	first := f.queue.tasks[0]
	if err := f.svc.Deliver(ctx, first.id); err != nil {
		t.Fatal(err)
	}
	if len(f.queue.tasks) != 2 || !f.queue.tasks[1].at.Equal(f.now.Add(webhook.Backoff[0])) {
		t.Fatalf("retry queued as %v", f.queue.tasks)
	}
	// Too early: a repeated task sends nothing.
	if err := f.svc.Deliver(ctx, first.id); err != nil || len(f.recv.got) != 1 {
		t.Fatalf("an early repeat sent: %v, %d posts", err, len(f.recv.got))
	}
	f.now = f.now.Add(webhook.Backoff[0])
	if err := f.svc.Deliver(ctx, first.id); err != nil {
		t.Fatal(err)
	}
	// Delivered: another run of the task sends nothing.
	if err := f.svc.Deliver(ctx, first.id); err != nil {
		t.Fatal(err)
	}
	if len(f.recv.got) != 2 {
		t.Fatalf("posts %d, want 2", len(f.recv.got))
	}
	a, b := f.recv.got[0], f.recv.got[1]
	if a["webhook-id"] != "evt_batch_1_sent" || b["webhook-id"] != a["webhook-id"] || a["webhook-timestamp"] == b["webhook-timestamp"] {
		t.Fatalf("headers of the two tries: %v / %v", a, b)
	}
	for _, u := range f.recv.urls {
		if u != mine.URL {
			t.Fatalf("posted to %s: another customer's endpoint", u)
		}
	}
	log, _ := f.svc.Deliveries(ctx, customerUser, 7, mine.ID)
	if len(log) != 1 || log[0].State != webhook.Delivered || log[0].Attempts != 2 || log[0].Status != 200 {
		t.Fatalf("log %+v", log)
	}
}

func TestAnEndpointFailingForADayIsDisabledWithAMail(t *testing.T) {
	ctx := context.Background()
	f := newFixture()
	e, _ := f.svc.Create(ctx, customerUser, endpoint(7, "https://down.example/", webhook.ManifestCreated))
	for i := range 3 {
		id := "evt_" + string(rune('a'+i))
		if err := f.svc.Publish(ctx, webhook.Event{ID: id, CustomerID: 7, Type: webhook.ManifestCreated}); err != nil {
			t.Fatal(err)
		}
		for _, task := range f.queue.tasks {
			_ = f.svc.Deliver(ctx, task.id)
		}
		f.queue.tasks = nil
		f.now = f.now.Add(13 * time.Hour)
	}
	got, _ := f.mem.Get(ctx, 7, e.ID)
	if got.Enabled || len(f.mailer.disabled) != 1 || f.mailer.disabled[0].ID != e.ID {
		t.Fatalf("after a day of failures: enabled %v, mails %+v", got.Enabled, f.mailer.disabled)
	}
	posts := len(f.recv.got)
	_ = f.svc.Publish(ctx, webhook.Event{ID: "evt_after", CustomerID: 7, Type: webhook.ManifestCreated})
	if len(f.queue.tasks) != 0 || len(f.recv.got) != posts {
		t.Fatal("a disabled endpoint still gets events")
	}
}

func TestSweepQueuesWhatTheQueueLost(t *testing.T) {
	ctx := context.Background()
	f := newFixture()
	_, _ = f.svc.Create(ctx, customerUser, endpoint(7, "https://mine.example/", webhook.LabelCancelled))
	_ = f.svc.Publish(ctx, webhook.Event{ID: "evt_lost", CustomerID: 7, Type: webhook.LabelCancelled})
	f.queue.tasks = nil // the queue was down
	f.now = f.now.Add(2 * time.Minute)
	n, err := f.svc.Sweep(ctx)
	if err != nil || n != 1 || len(f.queue.tasks) != 1 {
		t.Fatalf("Sweep = %d, %v, queued %v", n, err, f.queue.tasks)
	}
}

func TestEventIDsAreDistinct(t *testing.T) {
	a, _ := webhooks.EventID(rand.Reader)
	b, _ := webhooks.EventID(rand.Reader)
	if a == b || !strings.HasPrefix(a, "evt_") {
		t.Fatalf("ids %q %q", a, b)
	}
	if _, err := webhooks.EventID(bytes.NewReader(nil)); err == nil {
		t.Fatal("an id without randomness")
	}
}
