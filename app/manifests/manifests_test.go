package manifests_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"parcelportal/adapters/mail"
	"parcelportal/adapters/memory"
	"parcelportal/app/batchjob"
	"parcelportal/app/manifests"
	"parcelportal/core/access"
	"parcelportal/core/batch"
	"parcelportal/core/customer"
	"parcelportal/core/failure"
	"parcelportal/core/manifest"
)

// queue records the jobs a test's calls queue; fail makes it refuse them.
type queue struct {
	jobs []batchjob.Job
	fail error
}

func (q *queue) Enqueue(_ context.Context, j batchjob.Job) error {
	if q.fail == nil {
		q.jobs = append(q.jobs, j)
	}
	return q.fail
}

// clock is the fake clock the tests move.
type clock struct{ now time.Time }

func (c *clock) Now() time.Time { return c.now }

type world struct {
	svc       manifests.Service
	store     *memory.Manifests
	customers *memory.Customers
	queue     *queue
	outbox    *memory.Outbox
	clock     *clock
	bakery    int64
	garden    int64
}

func newWorld(t *testing.T) *world {
	t.Helper()
	cs := memory.NewCustomers(map[int64]string{1: "Frankfurt", 2: "Hamburg"}, 1)
	ctx := context.Background()
	bakery, err := cs.Create(ctx, customer.Customer{Name: "Bäckerei", CRMID: "DE10000001", HubID: 1, Language: "de",
		ManifestEmails:   []string{"versand@baeckerei.example"},
		ManifestingRules: []customer.ManifestingRule{{Destination: "NL", ManifestType: "MANIFEST_MB_PLUS", HubID: 2}}})
	if err != nil {
		t.Fatal(err)
	}
	garden, err := cs.Create(ctx, customer.Customer{Name: "Tuincentrum", CRMID: "NL10000003", HubID: 1, Language: "nl"})
	if err != nil {
		t.Fatal(err)
	}
	w := &world{store: memory.NewManifests(), customers: cs, queue: &queue{}, outbox: &memory.Outbox{},
		clock: &clock{now: time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)}, bakery: bakery.ID, garden: garden.ID}
	w.svc = manifests.Service{Store: w.store, Customers: cs, Queue: w.queue,
		Mailer: mail.ManifestMails{Sender: w.outbox, BaseURL: "https://portal.example"}, Now: w.clock.Now}
	w.store.SetDirectory(manifests.Run{CustomerID: bakery.ID, CustomerName: "Bäckerei", CRMID: "DE10000001", Language: "de",
		ManifestEmails: []string{"versand@baeckerei.example"}, HubCountry: "DE",
		SuccessEmail: "manifests@tenant.example", FailureEmail: "manifest-errors@tenant.example"})
	return w
}

func (w *world) parcel(customerID int64, destination string, labelled bool) int64 {
	return w.store.AddParcel(manifest.Parcel{CustomerID: customerID, Destination: destination, Product: "EPAQSTD", Service: "CUP", Labelled: labelled})
}

func user(customerID int64) *access.Caller {
	return &access.Caller{Login: "user", Roles: []access.Role{access.User}, CustomerID: customerID}
}

func key(err error) string {
	if f, ok := failure.As(err); ok {
		return f.Key
	}
	return ""
}

func TestCreateGathersTheSelectionOnePerHubAndManifestType(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	de1, de2, nl := w.parcel(w.bakery, "DE", true), w.parcel(w.bakery, "DE", true), w.parcel(w.bakery, "NL", true)
	made, err := w.svc.Create(ctx, user(w.bakery), []int64{nl, de2, de1, de1})
	if err != nil {
		t.Fatal(err)
	}
	if len(made) != 2 {
		t.Fatalf("made %v, want one manifest for Frankfurt and one for Hamburg", made)
	}
	b, g, _ := w.store.Batch(made[0])
	if b.Status != batch.CreatingManifest || b.FileName != manifest.FileName || b.Total != 2 || b.CreatedBy != "user" ||
		g.HubID != 1 || g.ManifestType != manifest.DefaultType || len(g.ParcelIDs) != 2 || g.ParcelIDs[0] != de1 {
		t.Fatalf("first manifest %+v %+v", b, g)
	}
	_, g, _ = w.store.Batch(made[1])
	if g.HubID != 2 || g.ManifestType != "MANIFEST_MB_PLUS" || len(g.ParcelIDs) != 1 || g.ParcelIDs[0] != nl {
		t.Fatalf("rule manifest %+v", g)
	}
	if len(w.queue.jobs) != 2 || w.queue.jobs[0] != (batchjob.Job{Kind: batchjob.Manifest, BatchID: made[0]}) {
		t.Fatalf("jobs %+v", w.queue.jobs)
	}

	// The same call again: the parcels are manifested.
	_, err = w.svc.Create(ctx, user(w.bakery), []int64{nl, de2, de1})
	if f, _ := failure.As(err); key(err) != manifest.KeyAlreadyManifested || f.Kind != failure.Conflict {
		t.Fatalf("second call: %v", err)
	}
}

func TestCreateRefusals(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	mine := w.parcel(w.bakery, "DE", true)
	unlabelled := w.parcel(w.bakery, "DE", false)
	theirs := w.parcel(w.garden, "DE", true)
	cases := []struct {
		name   string
		caller *access.Caller
		ids    []int64
		key    string
	}{
		{"nothing", user(w.bakery), nil, manifest.KeyNothingSelected},
		{"too many", user(w.bakery), make([]int64, manifest.MaxSelection+1), manifest.KeyTooMany},
		{"another customer's parcel", user(w.bakery), []int64{mine, theirs}, manifest.KeyParcelNotFound},
		{"an unknown parcel", user(w.bakery), []int64{mine, 424242}, manifest.KeyParcelNotFound},
		{"no live label", user(w.bakery), []int64{mine, unlabelled}, manifest.KeyNotLabelled},
		{"a tracking-only login", &access.Caller{Roles: []access.Role{access.TrackingOnly}, CustomerID: w.bakery}, []int64{mine}, "error.forbidden"},
		{"anonymous", nil, []int64{mine}, "error.unauthenticated"},
	}
	for _, tc := range cases {
		if _, err := w.svc.Create(ctx, tc.caller, tc.ids); key(err) != tc.key {
			t.Errorf("%s: %v, want %s", tc.name, err, tc.key)
		}
	}
	if w.store.BatchOf(mine) != 0 || len(w.queue.jobs) != 0 {
		t.Fatal("a refused call must change nothing")
	}
	// Staff act for every customer: both customers' parcels, one manifest each.
	admin := &access.Caller{Login: "admin", Roles: []access.Role{access.Admin}}
	made, err := w.svc.Create(ctx, admin, []int64{mine, theirs})
	if err != nil || len(made) != 2 {
		t.Fatalf("admin: %v %v", made, err)
	}
	if b, _, _ := w.store.Batch(made[0]); !b.CreatedByAdmin {
		t.Error("an admin's manifest is marked")
	}
}

func TestCreateKeepsTheManifestWhenTheQueueIsAway(t *testing.T) {
	w := newWorld(t)
	w.queue.fail = errors.New("redis away")
	p := w.parcel(w.bakery, "DE", true)
	made, err := w.svc.Create(context.Background(), user(w.bakery), []int64{p})
	if err != nil || len(made) != 1 {
		t.Fatalf("%v %v", made, err)
	}
	if b, _, _ := w.store.Batch(made[0]); b.Status != batch.CreatingManifest {
		t.Fatalf("the batch waits in CREATING_MANIFEST for the sweep, is %s", b.Status)
	}
}

func TestTickRunsEachSlotOnceInTheHubsZoneAndMailsItsOutcome(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	since := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	// Thursdays 17:30 in Frankfurt: 16:30 UTC in November.
	w.store.SetSchedule(manifests.Schedule{CustomerID: w.bakery, HubCountry: "DE", Since: since,
		AutoManifest: customer.AutoManifest{Active: true, Time: "17:30", Days: []string{"THURSDAY"}}})
	p := w.parcel(w.bakery, "DE", true)
	sent := w.store.AddSentBatch(w.bakery, 3)
	other := w.parcel(w.garden, "DE", true)

	// A minute before Thursday the 26th's slot, the latest due one is the
	// 19th's (the schedule holds since the 1st): it runs now.
	w.clock.now = time.Date(2026, 11, 26, 16, 29, 0, 0, time.UTC)
	if err := w.svc.Tick(ctx); err != nil {
		t.Fatal(err)
	}
	first := len(w.queue.jobs)
	if first != 2 || w.store.BatchOf(p) == 0 || w.store.BatchOf(other) != 0 {
		t.Fatalf("the due slot (19th) runs: jobs %+v", w.queue.jobs)
	}
	if b, _, _ := w.store.Batch(sent); b.Status != batch.CreatingManifest || b.Total != 3 {
		t.Fatalf("the SENT batch starts its manifest: %+v", b)
	}
	// Again within the same slot: nothing.
	if err := w.svc.Tick(ctx); err != nil || len(w.queue.jobs) != first {
		t.Fatalf("a second tick of one slot: %v %+v", err, w.queue.jobs)
	}
	if len(w.outbox.To("manifests@tenant.example")) != 0 {
		t.Fatal("no mail before the manifests end")
	}
	gathered := w.store.BatchOf(p)
	w.store.Settle(gathered, batch.ManifestCreated, "M-1", []byte("%PDF-1 gathered"))
	w.store.Settle(sent, batch.ManifestCreated, "M-2", []byte("%PDF-1 sent"))
	if err := w.svc.Tick(ctx); err != nil {
		t.Fatal(err)
	}
	staff := w.outbox.To("manifests@tenant.example")
	customerMail := w.outbox.To("versand@baeckerei.example")
	if len(staff) != 1 || len(customerMail) != 1 || len(w.outbox.To("manifest-errors@tenant.example")) != 0 {
		t.Fatalf("mails: staff %d, customer %d", len(staff), len(customerMail))
	}
	m := customerMail[0]
	if !strings.Contains(m.Subject, "Manifeste von Bäckerei (DE10000001) für 19.11.2026 17:30 CET") ||
		len(m.Attachments) != 2 || string(m.Attachments[0].Data) != "%PDF-1 gathered" || m.Attachments[0].ContentType != "application/pdf" {
		t.Fatalf("customer mail %q with %d attachments", m.Subject, len(m.Attachments))
	}
	if err := w.svc.Tick(ctx); err != nil || len(w.outbox.To("manifests@tenant.example")) != 1 {
		t.Fatal("a mailed slot is mailed once")
	}

	// The 26th's slot at 16:30 UTC: a new parcel goes, nothing else.
	p2 := w.parcel(w.bakery, "DE", true)
	w.clock.now = time.Date(2026, 11, 26, 16, 30, 0, 0, time.UTC)
	if err := w.svc.Tick(ctx); err != nil || len(w.queue.jobs) != first+1 || w.store.BatchOf(p2) == 0 {
		t.Fatalf("the next slot: %v %+v", err, w.queue.jobs)
	}
	// A failed manifest goes to the failure address.
	w.store.Settle(w.store.BatchOf(p2), batch.ErrorManifest, "", nil)
	if err := w.svc.Tick(ctx); err != nil {
		t.Fatal(err)
	}
	failed := w.outbox.To("manifest-errors@tenant.example")
	if len(failed) != 1 || !strings.Contains(failed[0].Subject, "fehlgeschlagen") || len(failed[0].Attachments) != 0 {
		t.Fatalf("failure mail %+v", failed)
	}
}

func TestTickAfterDowntimeRunsTheLatestMissedSlotOnce(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	// Set on Tuesday 3 November; Mondays and Thursdays at 08:00 in Amsterdam.
	w.store.SetSchedule(manifests.Schedule{CustomerID: w.garden, HubCountry: "NL", Since: time.Date(2026, 11, 3, 9, 0, 0, 0, time.UTC),
		AutoManifest: customer.AutoManifest{Active: true, Time: "08:00", Days: []string{"MONDAY", "THURSDAY"}}})
	// Before the first slot (Thursday 5th, 07:00 UTC) nothing runs.
	w.clock.now = time.Date(2026, 11, 5, 6, 59, 0, 0, time.UTC)
	p := w.parcel(w.garden, "DE", true)
	if err := w.svc.Tick(ctx); err != nil || w.store.BatchOf(p) != 0 {
		t.Fatal("a schedule set after a slot's time waits for its next slot")
	}
	// Down from then until Wednesday 18th: the slots of the 5th, 9th, 12th
	// and 16th were missed; the latest (Monday 16th) runs, once.
	w.clock.now = time.Date(2026, 11, 18, 10, 0, 0, 0, time.UTC)
	for range 3 {
		if err := w.svc.Tick(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if len(w.queue.jobs) != 1 || w.store.BatchOf(p) == 0 {
		t.Fatalf("after downtime: jobs %+v", w.queue.jobs)
	}
}

// A recipient the relay refuses: the other mail goes once, the refused one
// is tried again (here at once: the retry time is a nanosecond), and after
// MaxMailAttempts the slot is given up and later ticks send nothing.
func TestTickRetriesOnlyTheMailThatFailedAndGivesUp(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	w.store.MailRetry = time.Nanosecond
	w.store.SetDirectory(manifests.Run{CustomerID: w.bakery, CustomerName: "Bäckerei", CRMID: "DE10000001", Language: "de",
		ManifestEmails: []string{"not an address"}, HubCountry: "DE", SuccessEmail: "manifests@tenant.example"})
	w.store.SetSchedule(manifests.Schedule{CustomerID: w.bakery, HubCountry: "DE", Since: time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC),
		AutoManifest: customer.AutoManifest{Active: true, Time: "17:30", Days: []string{"THURSDAY"}}})
	p := w.parcel(w.bakery, "DE", true)
	w.clock.now = time.Date(2026, 11, 26, 16, 31, 0, 0, time.UTC)
	if err := w.svc.Tick(ctx); err != nil {
		t.Fatal(err)
	}
	w.store.Settle(w.store.BatchOf(p), batch.ManifestCreated, "M-1", []byte("%PDF-1"))
	for i := range 3 {
		err := w.svc.Tick(ctx)
		if (err == nil) != (i > 0) {
			t.Fatalf("tick %d: %v", i, err)
		}
	}
	if got := w.outbox.To("manifests@tenant.example"); len(got) != 1 {
		t.Fatalf("the staff mail went %d times, want once", len(got))
	}
}

// A customer without rules of its own is manifested by the default routing
// options of the destination; a customer's own rule still wins, and the
// carrier is always the destination's.
func TestCreateFallsBackToTheDefaultRoutingOptions(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	w.svc.Routing = memory.NewRoutingOptions(
		manifest.RoutingOption{Country: "NL", ManifestType: manifest.TypeCarrierDirect, Carrier: "PostNL"},
		manifest.RoutingOption{Country: "AT", ManifestType: manifest.TypeMBPlus, Carrier: "Österreichische Post"})
	nl, at, us := w.parcel(w.garden, "NL", true), w.parcel(w.garden, "AT", true), w.parcel(w.garden, "US", true)
	made, err := w.svc.Create(ctx, user(w.garden), []int64{nl, at, us})
	if err != nil {
		t.Fatal(err)
	}
	got := map[int64]manifest.Key{}
	for _, id := range made {
		_, g, _ := w.store.Batch(id)
		for _, p := range g.ParcelIDs {
			got[p] = g.Key
		}
	}
	want := map[int64]manifest.Key{
		nl: {HubID: 1, ManifestType: manifest.TypeCarrierDirect, Carrier: "PostNL"},
		at: {HubID: 1, ManifestType: manifest.TypeMBPlus, Carrier: "Österreichische Post"},
		us: {HubID: 1, ManifestType: manifest.DefaultType},
	}
	for p, k := range want {
		if got[p] != k {
			t.Errorf("parcel %d went to %+v, want %+v", p, got[p], k)
		}
	}
	// The bakery's own NL rule (MB Plus at Hamburg) wins over the default.
	mine := w.parcel(w.bakery, "NL", true)
	made, err = w.svc.Create(ctx, user(w.bakery), []int64{mine})
	if err != nil {
		t.Fatal(err)
	}
	if _, g, _ := w.store.Batch(made[0]); g.Key != (manifest.Key{HubID: 2, ManifestType: "MANIFEST_MB_PLUS", Carrier: "PostNL"}) {
		t.Errorf("own rule: %+v", g.Key)
	}
	// An admin's change applies to the next manifest.
	admin := &access.Caller{Login: "admin", Roles: []access.Role{access.Admin}}
	if _, err := w.svc.UpdateRoutingOption(ctx, admin, manifest.RoutingOption{Country: "nl", ManifestType: manifest.TypeToCarrier, Carrier: "DHL Parcel NL"}); err != nil {
		t.Fatal(err)
	}
	again := w.parcel(w.garden, "NL", true)
	made, err = w.svc.Create(ctx, user(w.garden), []int64{again})
	if err != nil {
		t.Fatal(err)
	}
	if _, g, _ := w.store.Batch(made[0]); g.Key != (manifest.Key{HubID: 1, ManifestType: manifest.TypeToCarrier, Carrier: "DHL Parcel NL"}) {
		t.Errorf("after the change: %+v", g.Key)
	}
}

func TestRoutingOptionsAreForAdmins(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	w.svc.Routing = memory.NewRoutingOptions(manifest.RoutingOption{Country: "NL", ManifestType: manifest.TypeCarrierDirect, Carrier: "PostNL"})
	admin := &access.Caller{Login: "admin", Roles: []access.Role{access.Admin}}
	list, err := w.svc.ListRoutingOptions(ctx, admin)
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != len(manifest.Countries) || list[0].Country != "AT" || list[0].Carrier != "" {
		t.Fatalf("list = %+v", list)
	}
	for _, o := range list {
		if o.Country == "NL" && o.Carrier != "PostNL" {
			t.Errorf("NL = %+v", o)
		}
	}
	for _, c := range []*access.Caller{nil, user(w.bakery), {Login: "ops", Roles: []access.Role{access.Operations}}} {
		if _, err := w.svc.ListRoutingOptions(ctx, c); err == nil {
			t.Errorf("%+v listed the routing options", c)
		}
		if _, err := w.svc.UpdateRoutingOption(ctx, c, manifest.RoutingOption{Country: "NL", ManifestType: manifest.TypeMBPlus, Carrier: "x"}); err == nil {
			t.Errorf("%+v changed a routing option", c)
		}
	}
	// Bad input changes nothing.
	if _, err := w.svc.UpdateRoutingOption(ctx, admin, manifest.RoutingOption{Country: "NL", ManifestType: "NOPE", Carrier: "x"}); key(err) != "error.validation" {
		t.Errorf("unknown type: %v", err)
	}
	if _, err := w.svc.UpdateRoutingOption(ctx, admin, manifest.RoutingOption{Country: "US", ManifestType: manifest.TypeMBPlus, Carrier: "USPS"}); key(err) != manifest.KeyUnknownCountry {
		t.Errorf("a country outside the 23: %v", err)
	}
	saved, _ := w.svc.Routing.List(ctx)
	if len(saved) != 1 || saved[0].Carrier != "PostNL" {
		t.Errorf("refused changes were kept: %+v", saved)
	}
	o, err := w.svc.UpdateRoutingOption(ctx, admin, manifest.RoutingOption{Country: "se", ManifestType: manifest.TypeMBPlus, Carrier: " Bring "})
	if err != nil || o.Country != "SE" || o.Carrier != "Bring" || o.UpdatedBy != "admin" {
		t.Errorf("update = %+v %v", o, err)
	}
}
