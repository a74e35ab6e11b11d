package jobs_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"io"
	"net/http"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/hibiken/asynq"

	"parcelportal/adapters/jobs"
	"parcelportal/adapters/mail"
	"parcelportal/adapters/mail/mailtest"
	"parcelportal/adapters/postgres"
	"parcelportal/app/batchjob"
	"parcelportal/app/manifests"
	"parcelportal/core/batch"
)

// fixedClock is the clock of every process in a test; tests move it.
type fixedClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *fixedClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// manifestStack is the stack of the automatic manifests: Postgres, the
// simulator, Redis with a queue of the test's own, Mailpit.
type manifestStack struct {
	*stack
	queue   string
	mailpit string
	smtp    string
	clock   *fixedClock
	staff   string
	shipper string
}

func newManifestStack(t *testing.T) *manifestStack {
	t.Helper()
	s := &manifestStack{stack: newStack(t, 0), mailpit: os.Getenv("MAILPIT_URL"), smtp: os.Getenv("SMTP_ADDR"), clock: &fixedClock{}}
	if s.mailpit == "" || s.smtp == "" {
		t.Fatal("MAILPIT_URL and SMTP_ADDR are not set: run integration tests through `make test`, which starts Mailpit")
	}
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	tag := hex.EncodeToString(b)
	s.queue = "manifests-" + tag
	s.staff, s.shipper = "manifests-"+tag+"@tenant.example", "shipping-"+tag+"@bakery.example"
	in := asynq.NewInspector(asynq.RedisClientOpt{Addr: jobs.RedisAddr(t)})
	t.Cleanup(func() {
		_ = in.DeleteQueue(s.queue, true)
		_ = in.Close()
	})
	ctx := context.Background()
	if _, err := s.pool.Exec(ctx, `UPDATE tenant SET manifest_success_email = $1, manifest_failure_email = $1`, s.staff); err != nil {
		t.Fatal(err)
	}
	if _, err := s.pool.Exec(ctx, `UPDATE customer SET manifest_emails = $2 WHERE id = $1`, s.customer, []string{s.shipper}); err != nil {
		t.Fatal(err)
	}
	return s
}

// schedule sets the bakery's schedule (Frankfurt hub: Europe/Berlin), held since since.
func (s *manifestStack) schedule(t *testing.T, at string, days []string, since time.Time) {
	t.Helper()
	ctx := context.Background()
	if _, err := s.pool.Exec(ctx, `UPDATE customer SET auto_manifest_active = true, auto_manifest_time = $2, auto_manifest_days = $3 WHERE id = $1`,
		s.customer, at, days); err != nil {
		t.Fatal(err)
	}
	if _, err := s.pool.Exec(ctx, `UPDATE customer SET auto_manifest_since = $2 WHERE id = $1`, s.customer, since); err != nil {
		t.Fatal(err)
	}
}

// labelledParcels labels n shipments at the simulator through a batch send
// and turns them into parcels, as the parcel calls leave them: rows and
// shipments without a batch. The emptied batch is DELETED.
func (s *manifestStack) labelledParcels(t *testing.T, n int) {
	t.Helper()
	ctx := context.Background()
	id := s.sentBatch(t, n)
	if _, err := s.pool.Exec(ctx, `UPDATE validated_shipment SET batch_id = NULL, source = 'INDIVIDUAL_PARCEL' WHERE batch_id = $1`, id); err != nil {
		t.Fatal(err)
	}
	if _, err := s.pool.Exec(ctx, `UPDATE shipment SET batch_id = NULL WHERE batch_id = $1`, id); err != nil {
		t.Fatal(err)
	}
	if _, err := s.pool.Exec(ctx, `UPDATE batch SET status = 'DELETED' WHERE id = $1`, id); err != nil {
		t.Fatal(err)
	}
}

// sentBatch is a CSV batch of n rows labelled at the simulator, SENT.
func (s *manifestStack) sentBatch(t *testing.T, n int) int64 {
	t.Helper()
	id := s.sendingBatch(t, n)
	if err := s.runner(batchjob.Options{}).Run(context.Background(), batchjob.Job{Kind: batchjob.Send, BatchID: id}); err != nil {
		t.Fatal(err)
	}
	if status, _, _ := s.sent(t, id); status != batch.Sent {
		t.Fatalf("batch %d is %s", id, status)
	}
	return id
}

// worker runs one worker process with its own runner, queue client and
// scheduler until the test ends.
func (s *manifestStack) worker(t *testing.T) {
	t.Helper()
	q := jobs.NewQueue(jobs.RedisAddr(t), s.queue)
	t.Cleanup(func() { _ = q.Close() })
	svc := manifests.Service{
		Store: postgres.Manifests{Pool: s.pool}, Customers: postgres.Customers{Pool: s.pool, Sealer: s.sealer}, Queue: q,
		Mailer: mail.ManifestMails{Sender: mail.SMTP{Addr: s.smtp, From: "Parcel Portal <no-reply@parcel-portal.local>"}, BaseURL: "http://portal.test"},
		Now:    s.clock.Now,
	}
	jobs.StartWorker(t, jobs.RedisAddr(t), s.queue, s.runner(batchjob.Options{}), jobs.WorkerOptions{
		Sweep: 300 * time.Millisecond, Schedules: svc, ScheduleEvery: 100 * time.Millisecond})
}

// waitMailed waits until every run of the customer is mailed, and answers the runs' slots.
func (s *manifestStack) waitMailed(t *testing.T) []time.Time {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		var slots []time.Time
		var unmailed int
		rows, err := s.pool.Query(context.Background(), `SELECT slot_at, mailed_at IS NULL FROM auto_manifest_run WHERE customer_id = $1 ORDER BY slot_at`, s.customer)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var at time.Time
			var open bool
			if err := rows.Scan(&at, &open); err != nil {
				t.Fatal(err)
			}
			slots = append(slots, at.UTC())
			if open {
				unmailed++
			}
		}
		rows.Close()
		if len(slots) > 0 && unmailed == 0 {
			return slots
		}
		if time.Now().After(deadline) {
			t.Fatalf("runs %v, %d not mailed", slots, unmailed)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func (s *manifestStack) statuses(t *testing.T) map[int64]batch.Status {
	t.Helper()
	rows, err := s.pool.Query(context.Background(), `SELECT id, status FROM batch WHERE customer_id = $1 AND status <> 'DELETED'`, s.customer)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[int64]batch.Status{}
	for rows.Next() {
		var id int64
		var st string
		if err := rows.Scan(&id, &st); err != nil {
			t.Fatal(err)
		}
		out[id] = batch.Status(st)
	}
	return out
}

// part reads one attachment of a Mailpit message.
func part(t *testing.T, base, id, partID string) []byte {
	t.Helper()
	rsp, err := http.Get(base + "/api/v1/message/" + id + "/part/" + partID)
	if err != nil {
		t.Fatal(err)
	}
	defer rsp.Body.Close()
	body, _ := io.ReadAll(rsp.Body)
	return body
}

// One slot with two worker processes against the same Postgres and Redis,
// each ticking its schedules ten times a second: the slot runs once, every
// batch is manifested once at the carrier, and each address gets one mail
// with the manifests attached.
func TestAnAutomaticSlotRunsOnceWithTwoWorkers(t *testing.T) {
	s := newManifestStack(t)
	s.labelledParcels(t, 2)
	sent := s.sentBatch(t, 1)
	// Thursday 26 November 2026, 17:30 in Frankfurt is 16:30 UTC.
	s.schedule(t, "17:30", []string{"THURSDAY"}, time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC))
	s.clock.now = time.Date(2026, 11, 26, 16, 30, 5, 0, time.UTC)
	manifestsBefore := s.sim.Totals().Manifests

	s.worker(t)
	s.worker(t)
	slots := s.waitMailed(t)
	// Both workers keep ticking; give them time to do anything twice.
	time.Sleep(time.Second)

	if want := time.Date(2026, 11, 26, 16, 30, 0, 0, time.UTC); len(slots) != 1 || !slots[0].Equal(want) {
		t.Fatalf("runs %v, want one at %v", slots, want)
	}
	statuses := s.statuses(t)
	if len(statuses) != 2 || statuses[sent] != batch.ManifestCreated {
		t.Fatalf("batches %v: want the SENT batch and one gathered batch, both MANIFEST_CREATED", statuses)
	}
	for id, st := range statuses {
		if st != batch.ManifestCreated {
			t.Fatalf("batch %d is %s", id, st)
		}
	}
	var unmanifested int
	_ = s.pool.QueryRow(context.Background(), `SELECT count(*) FROM validated_shipment WHERE customer_id = $1 AND source <> 'BATCH' AND batch_id IS NULL`,
		s.customer).Scan(&unmanifested)
	if unmanifested != 0 {
		t.Fatalf("%d parcels left without a manifest", unmanifested)
	}
	if made := s.sim.Totals().Manifests - manifestsBefore; made != 2 {
		t.Fatalf("the carrier made %d manifests, want 2", made)
	}
	inbox := mailtest.Mailpit(s.mailpit)
	for _, address := range []string{s.staff, s.shipper} {
		got := inbox(t, address, 1)
		if len(got) != 1 {
			t.Fatalf("%s got %d mails, want 1", address, len(got))
		}
		m := got[0]
		if len(m.Attachments) != 2 {
			t.Fatalf("%s: %q with %d attachments", address, m.Subject, len(m.Attachments))
		}
		for _, a := range m.Attachments {
			if a.ContentType != "application/pdf" || !bytes.HasPrefix(part(t, s.mailpit, m.ID, a.PartID), []byte("%PDF")) {
				t.Fatalf("%s: attachment %+v is not the manifest PDF", address, a)
			}
		}
	}
	// Staff read the language of the CRM id's country (DE), the customer its own (en).
	if got := inbox(t, s.staff, 1); !bytes.Contains([]byte(got[0].Subject), []byte("Manifeste von Bäckerei Sonnenschein (DE10000001) für 26.11.2026 17:30 CET")) {
		t.Fatalf("staff subject %q", got[0].Subject)
	}
	if got := inbox(t, s.shipper, 1); !bytes.Contains([]byte(got[0].Subject), []byte("Manifests of")) {
		t.Fatalf("customer subject %q", got[0].Subject)
	}
}

// Everything was down over three slots; on return the latest runs, once,
// and a later restart runs nothing again.
func TestASlotMissedDuringDowntimeRunsOnceOnReturn(t *testing.T) {
	s := newManifestStack(t)
	s.labelledParcels(t, 1)
	// Mondays and Thursdays 08:00 in Frankfurt, since 1 November.
	s.schedule(t, "08:00", []string{"MONDAY", "THURSDAY"}, time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC))
	// Down from Wednesday 18th to Wednesday 25th 12:00 UTC: Thursday 19th and
	// Monday 23rd passed unseen.
	s.clock.now = time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	manifestsBefore := s.sim.Totals().Manifests
	s.worker(t)
	slots := s.waitMailed(t)
	time.Sleep(500 * time.Millisecond)
	if want := time.Date(2026, 11, 23, 7, 0, 0, 0, time.UTC); len(slots) != 1 || !slots[0].Equal(want) {
		t.Fatalf("runs %v, want the latest missed slot %v only", slots, want)
	}
	if made := s.sim.Totals().Manifests - manifestsBefore; made != 1 {
		t.Fatalf("the carrier made %d manifests, want 1", made)
	}
	// Another worker starts later the same day: nothing runs again.
	s.worker(t)
	time.Sleep(500 * time.Millisecond)
	if slots := s.waitMailed(t); len(slots) != 1 {
		t.Fatalf("runs after a restart: %v", slots)
	}
	if got := mailtest.Mailpit(s.mailpit)(t, s.staff, 1); len(got) != 1 {
		t.Fatalf("%d mails to staff", len(got))
	}
}
