package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"

	"parcelportal/adapters/rpc/rpctest"
	"parcelportal/adapters/secrets"
	"parcelportal/app/demo"
	"parcelportal/core/printer"
	"parcelportal/core/webhook"
)

// verify checks a delivery with the Standard Webhooks reference library
// for Go, as a receiver does, and not with core/webhook. The test's clock
// runs ahead of the wall clock (retries are tried at their backoff's
// time), so the library's five-minute tolerance of the timestamp is
// checked against that clock here, and the signature by the library.
func verify(secret string, h http.Header, body []byte, now time.Time) bool {
	wh, err := standardwebhooks.NewWebhook(secret)
	if err != nil {
		return false
	}
	ts, err := strconv.ParseInt(h.Get("webhook-timestamp"), 10, 64)
	if err != nil || now.Sub(time.Unix(ts, 0)).Abs() > 5*time.Minute {
		return false
	}
	return wh.VerifyIgnoringTimestamp(body, h) == nil
}

// hookReceiver listens on addr, answers 503 to the first try of every
// webhook-id and 200 after, and keeps each id once, as a receiver that
// drops repeats does.
type hookReceiver struct {
	mu     sync.Mutex
	secret string
	// clock is the sender's clock the timestamps are checked against.
	clock  func() time.Time
	tries  map[string]int
	events map[string]string // id -> body
	bad    int
}

func receiverAt(t *testing.T, addr string) (*hookReceiver, string) {
	t.Helper()
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	r := &hookReceiver{tries: map[string]int{}, events: map[string]string{}, clock: time.Now}
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, _ := io.ReadAll(req.Body)
		r.mu.Lock()
		defer r.mu.Unlock()
		if !verify(r.secret, req.Header, body, r.clock()) {
			r.bad++
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		id := req.Header.Get("webhook-id")
		r.tries[id]++
		if r.tries[id] == 1 {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		if _, seen := r.events[id]; !seen {
			r.events[id] = string(body)
		}
		w.WriteHeader(http.StatusNoContent)
	}))
	srv.Listener.Close()
	srv.Listener = ln
	srv.Start()
	t.Cleanup(srv.Close)
	return r, srv.URL
}

// testClock is a clock the test moves on, read by the sender and the
// receivers.
type testClock struct {
	mu sync.Mutex
	at time.Time
}

func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.at
}

func (c *testClock) Set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.at = t
}

type queuedTry struct {
	id int64
	at time.Time
}

type tryQueue struct {
	mu    sync.Mutex
	tries []queuedTry
}

func (q *tryQueue) Deliver(_ context.Context, id int64, at time.Time) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.tries = append(q.tries, queuedTry{id, at})
	return nil
}

func (q *tryQueue) take() []queuedTry {
	q.mu.Lock()
	defer q.mu.Unlock()
	out := q.tries
	q.tries = nil
	return out
}

// TestWebhooksAreSignedOnceAndStayWithTheirCustomer is issue 27's
// done-means on the API as main wires it: a receiver on an allowed loopback
// network checks every signature, sees each event once per id across a
// forced retry (the same webhook-id on both tries), and sees no event of
// another customer; endpoints on the portal's services or on link-local
// addresses are refused, and another customer's endpoints are not found.
func TestWebhooksAreSignedOnceAndStayWithTheirCustomer(t *testing.T) {
	db := newDemoDatabase(t)
	bakery, garden := db.customer(t, demo.BakeryCRMID), db.customer(t, demo.GardenCRMID)
	networks, _ := printer.ParseNetworks("127.0.0.3/32, 127.0.0.4/32")
	kratosAdmin := os.Getenv("KRATOS_ADMIN_URL")
	if kratosAdmin == "" {
		kratosAdmin = "http://127.0.0.1:4434"
	}
	cfg := config{CredentialsKey: secrets.DevelopmentKey, RedisAddr: redisOf(t), JobQueue: "webhooks-" + randomHex(t), Captcha: "off",
		KratosAdminURL: kratosAdmin, DatabaseURL: os.Getenv("TEST_DATABASE_URL"), WebhookNetworks: networks, WebhookTimeout: 2 * time.Second}
	srv := wiredPortal(t, cfg, db, io.Discard)
	call := func(bearer, method, path, body string) (int, string) {
		rsp, b := rpctest.Call(t, srv.Client(), method, srv.URL+path, bearer, body)
		return rsp.StatusCode, string(b)
	}
	bakeryUser, gardenAPI := fmt.Sprintf("ROLE_USER:%d", bakery), fmt.Sprintf("ROLE_API:%d", garden)
	bakeryHooks, gardenHooks := fmt.Sprintf("/web/api/customers/%d/webhooks", bakery), fmt.Sprintf("/web/api/customers/%d/webhooks", garden)

	// Refused: the portal's Redis (even on an allowed network it is a
	// service), loopback outside the allowed networks, link-local.
	for _, url := range []string{"http://" + cfg.RedisAddr + "/", "http://127.0.0.9:8080/", "http://169.254.169.254/latest/"} {
		code, body := call(bakeryUser, "POST", bakeryHooks, fmt.Sprintf(`{"url":%q,"events":["BATCH_SENT"]}`, url))
		if code != http.StatusBadRequest || !strings.Contains(body, webhook.KeyAddressRefused) {
			t.Errorf("an endpoint at %s = %d %s", url, code, body)
		}
	}

	// The largest and the malformed: a 2001-character address, a 201-character
	// note, no event, an event type that does not exist, a body that is no
	// JSON, and no sign-in; each is refused and stores nothing.
	long := "http://127.0.0.3/" + strings.Repeat("a", 1984)
	for name, body := range map[string]string{
		"2001-character url":  fmt.Sprintf(`{"url":%q,"events":["BATCH_SENT"]}`, long),
		"201-character note":  fmt.Sprintf(`{"url":"http://127.0.0.3/x","description":%q,"events":["BATCH_SENT"]}`, strings.Repeat("n", 201)),
		"no event":            `{"url":"http://127.0.0.3/x","events":[]}`,
		"unknown event":       `{"url":"http://127.0.0.3/x","events":["BATCH_EXPLODED"]}`,
		"a body that is none": `{"url":`,
	} {
		if code, answer := call(bakeryUser, "POST", bakeryHooks, body); code != http.StatusBadRequest {
			t.Errorf("%s = %d %s, want 400", name, code, answer)
		}
	}
	if code, answer := call("", "POST", bakeryHooks, `{"url":"http://127.0.0.3/x","events":["BATCH_SENT"]}`); code != http.StatusUnauthorized {
		t.Errorf("no sign-in = %d %s, want 401", code, answer)
	}
	if code, answer := call(bakeryUser, "GET", bakeryHooks, ""); code != 200 || strings.Contains(answer, "127.0.0.3") {
		t.Fatalf("after the refusals the list = %d %s, want no endpoint", code, answer)
	}

	mine, mineURL := receiverAt(t, "127.0.0.3:0")
	theirs, theirsURL := receiverAt(t, "127.0.0.4:0")
	create := func(bearer, path, url string, r *hookReceiver) string {
		code, body := call(bearer, "POST", path, fmt.Sprintf(`{"url":%q,"events":["BATCH_SENT","TRACKING_EVENT"]}`, url+"/hook"))
		var created struct {
			Endpoint struct{ ID string }
			Secret   string
		}
		if code != 200 || json.Unmarshal([]byte(body), &created) != nil || !strings.HasPrefix(created.Secret, "whsec_") {
			t.Fatalf("create endpoint = %d %s", code, body)
		}
		r.secret = created.Secret
		return created.Endpoint.ID
	}
	mineID := create(bakeryUser, bakeryHooks, mineURL, mine)
	create(gardenAPI, gardenHooks, theirsURL, theirs)

	// The secret is shown once: the list does not carry it.
	if code, body := call(bakeryUser, "GET", bakeryHooks, ""); code != 200 || strings.Contains(body, "whsec_") || !strings.Contains(body, mineURL) {
		t.Fatalf("list = %d %s", code, body)
	}
	// Another customer's endpoints are not found to its API login.
	if code, body := call(gardenAPI, "GET", bakeryHooks, ""); code != http.StatusNotFound {
		t.Fatalf("garden lists the bakery's endpoints = %d %s", code, body)
	}
	if code, body := call(gardenAPI, "POST", bakeryHooks+"/"+mineID+"/test", "{}"); code != http.StatusNotFound {
		t.Fatalf("garden tests the bakery's endpoint = %d %s", code, body)
	}

	queue := &tryQueue{}
	clk := &testClock{at: time.Now()}
	svc := webhooksOf(cfg, db.pool, db.box, nil, kratosOf(cfg))
	svc.Queue, svc.Now = queue, clk.Now
	for _, r := range []*hookReceiver{mine, theirs} {
		r.mu.Lock()
		r.clock = clk.Now
		r.mu.Unlock()
	}
	ctx := context.Background()
	for _, e := range []webhook.Event{
		{ID: "evt_bakery_batch_1", CustomerID: bakery, Type: webhook.BatchSent, Data: []byte(`{"batchId":1}`)},
		{ID: "evt_garden_batch_2", CustomerID: garden, Type: webhook.BatchSent, Data: []byte(`{"batchId":2}`)},
		{ID: "evt_bakery_manifest", CustomerID: bakery, Type: webhook.ManifestCreated},
	} {
		if err := svc.Publish(ctx, e); err != nil {
			t.Fatal(err)
		}
	}
	// The same event published again (a job run twice) is not sent again.
	if err := svc.Publish(ctx, webhook.Event{ID: "evt_bakery_batch_1", CustomerID: bakery, Type: webhook.BatchSent}); err != nil {
		t.Fatal(err)
	}
	// The test event of the button, through the API.
	if code, body := call(bakeryUser, "POST", bakeryHooks+"/"+mineID+"/test", "{}"); code != 200 {
		t.Fatalf("test event = %d %s", code, body)
	}
	if n, err := svc.Sweep(ctx); err != nil || n != 0 {
		t.Fatalf("sweep before the test event is a minute late = %d, %v", n, err)
	}
	clk.Set(clk.Now().Add(2 * time.Minute))
	if _, err := svc.Sweep(ctx); err != nil {
		t.Fatal(err)
	}
	for round := 0; round < 5; round++ {
		tries := queue.take()
		if len(tries) == 0 {
			break
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
	mine.mu.Lock()
	defer mine.mu.Unlock()
	if mine.bad != 0 || theirs.bad != 0 {
		t.Fatalf("signatures refused: %d, %d", mine.bad, theirs.bad)
	}
	if len(mine.events) != 2 || mine.tries["evt_bakery_batch_1"] != 2 || !strings.Contains(mine.events["evt_bakery_batch_1"], `"type":"batch.sent"`) {
		t.Fatalf("the bakery's receiver got %v after tries %v", mine.events, mine.tries)
	}
	for id, body := range mine.events {
		if strings.Contains(id, "garden") || strings.Contains(body, `"batchId":2`) {
			t.Fatalf("the bakery's receiver got the garden's event %s %s", id, body)
		}
	}
	if len(theirs.events) != 1 || theirs.events["evt_garden_batch_2"] == "" {
		t.Fatalf("the garden's receiver got %v", theirs.events)
	}
	code, body := call(bakeryUser, "GET", bakeryHooks+"/"+mineID+"/deliveries", "")
	if code != 200 || strings.Count(body, `"DELIVERED"`) != 2 || !strings.Contains(body, `"WEBHOOK_TEST"`) || !strings.Contains(body, `"attempts":2`) {
		t.Fatalf("delivery log = %d %s", code, body)
	}
}
