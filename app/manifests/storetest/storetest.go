// Package storetest is the one contract of manifests.Store, run against
// postgres.Manifests and memory.Manifests.
package storetest

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"parcelportal/app/manifests"
	"parcelportal/core/batch"
	"parcelportal/core/customer"
	"parcelportal/core/manifest"
)

// Fixture writes what the contract reads: parcels as the parcel calls
// write them, batches as the batch calls and jobs leave them.
type Fixture interface {
	// Customers are two customers of one tenant.
	Customers() [2]int64
	// Parcel stores a parcel to destination with options, with a live label
	// or a failed attempt.
	Parcel(t *testing.T, customerID int64, destination string, options []string, labelled bool) int64
	// SentBatch stores a SENT CSV batch with one labelled shipment.
	SentBatch(t *testing.T, customerID int64) int64
	// BatchOf is the batch a parcel (its row and its shipment) is in, 0 for none.
	BatchOf(t *testing.T, parcelID int64) int64
	Status(t *testing.T, batchID int64) batch.Status
	// Settle ends a manifest job as the runner does, with its document.
	Settle(t *testing.T, batchID int64, status batch.Status, doc []byte)
	SetSchedule(t *testing.T, customerID int64, a customer.AutoManifest, since time.Time)
	// Labelling lets a label call hold the parcel's lease now, as
	// parcels.Service.MakeLabel does while it replaces a label.
	Labelling(t *testing.T, parcelID int64)
}

// gatherAll is a plan that gathers every parcel it is given into one batch
// per customer, and starts every SENT batch, refusing manifested parcels.
func gatherAll(seen *[]manifest.Parcel) manifests.Plan {
	return func(parcels []manifest.Parcel, sent []batch.Batch) ([]manifests.Gathering, []batch.Batch, error) {
		*seen = parcels
		byCustomer := map[int64][]int64{}
		var order []int64
		for _, p := range parcels {
			if err := manifest.Selectable(p); err != nil {
				return nil, nil, err
			}
			if _, ok := byCustomer[p.CustomerID]; !ok {
				order = append(order, p.CustomerID)
			}
			byCustomer[p.CustomerID] = append(byCustomer[p.CustomerID], p.ID)
		}
		var out []manifests.Gathering
		for _, c := range order {
			b := batch.Batch{CustomerID: c, FileName: manifest.FileName, Status: batch.CreatingManifest, CreatedBy: "tester",
				Total: len(byCustomer[c]), LabelType: customer.LabelPDF}
			out = append(out, manifests.Gathering{Group: manifest.Group{CustomerID: c, Key: manifest.Key{ManifestType: manifest.DefaultType},
				ParcelIDs: byCustomer[c]}, Batch: b})
		}
		var start []batch.Batch
		for _, b := range sent {
			if b.Start(batch.StartManifest, false, func(b *batch.Batch) error { b.Total = b.Counts.Labelled; return nil }) == nil {
				start = append(start, b)
			}
		}
		return out, start, nil
	}
}

// RetryAfter is the mail retry time the stores under test are given.
const RetryAfter = 150 * time.Millisecond

// Contract checks a manifests.Store whose mail retry time is RetryAfter.
func Contract(t *testing.T, store manifests.Store, fx Fixture) {
	ctx := context.Background()
	cs := fx.Customers()
	a, b := cs[0], cs[1]

	t.Run("Gather locks the parcels, hands them to the plan and moves them into the new batch", func(t *testing.T) {
		p1 := fx.Parcel(t, a, "NL", []string{"SIG", "COD"}, true)
		p2 := fx.Parcel(t, a, "DE", nil, true)
		p3 := fx.Parcel(t, a, "AT", nil, false)
		var seen []manifest.Parcel
		made, err := store.Gather(ctx, []int64{p2, p1, 999999999}, gatherAll(&seen))
		if err != nil {
			t.Fatal(err)
		}
		if len(seen) != 2 || seen[0].ID != p1 || seen[1].ID != p2 {
			t.Fatalf("the plan saw %+v, want p1 and p2 in id order (the unknown id left out)", seen)
		}
		if p := seen[0]; p.CustomerID != a || p.Destination != "NL" || len(p.Options) != 2 || p.Options[1] != "COD" || !p.Labelled || p.Manifested {
			t.Fatalf("parcel as read: %+v", p)
		}
		if len(made) != 1 || fx.BatchOf(t, p1) != made[0] || fx.BatchOf(t, p2) != made[0] {
			t.Fatalf("made %v; parcels in %d and %d", made, fx.BatchOf(t, p1), fx.BatchOf(t, p2))
		}
		if got := fx.Status(t, made[0]); got != batch.CreatingManifest {
			t.Fatalf("status %s", got)
		}
		if _, err := store.Gather(ctx, []int64{p3}, gatherAll(&seen)); err == nil || seen[0].Labelled {
			t.Fatalf("a parcel without a live label: %v, %+v", err, seen)
		}
		_, err = store.Gather(ctx, []int64{p1}, gatherAll(&seen))
		if err == nil || !seen[0].Manifested {
			t.Fatalf("a second gather must see the parcel manifested: %v %+v", err, seen)
		}
		if fx.BatchOf(t, p3) != 0 {
			t.Fatal("a refused plan must change nothing")
		}
	})

	t.Run("Two gathers of one parcel at once: one wins, the other sees it manifested", func(t *testing.T) {
		p := fx.Parcel(t, b, "NL", nil, true)
		var wg sync.WaitGroup
		results := make([]error, 4)
		for i := range results {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var seen []manifest.Parcel
				_, results[i] = store.Gather(ctx, []int64{p}, gatherAll(&seen))
			}()
		}
		wg.Wait()
		won := 0
		for _, err := range results {
			if err == nil {
				won++
			}
		}
		if won != 1 || fx.BatchOf(t, p) == 0 {
			t.Fatalf("gathers that succeeded: %d (%v)", won, results)
		}
	})

	slot := time.Date(2026, 11, 26, 16, 30, 0, 0, time.UTC)
	t.Run("ClaimSlot runs a slot once: the customer's labelled parcels and SENT batches", func(t *testing.T) {
		c := b
		labelled := fx.Parcel(t, c, "DE", nil, true)
		unlabelled := fx.Parcel(t, c, "DE", nil, false)
		sent := fx.SentBatch(t, c)
		other := fx.Parcel(t, a, "DE", nil, true)
		var seen []manifest.Parcel
		claimed, made, err := store.ClaimSlot(ctx, c, slot, gatherAll(&seen))
		if err != nil || !claimed {
			t.Fatalf("claim: %v %v", claimed, err)
		}
		if len(seen) != 1 || seen[0].ID != labelled {
			t.Fatalf("the slot saw %+v, want only the labelled unmanifested parcel of its customer", seen)
		}
		if len(made) != 2 || fx.BatchOf(t, labelled) != made[0] || made[1] != sent {
			t.Fatalf("made %v (parcel in %d, sent batch %d)", made, fx.BatchOf(t, labelled), sent)
		}
		if fx.Status(t, sent) != batch.CreatingManifest || fx.BatchOf(t, unlabelled) != 0 || fx.BatchOf(t, other) != 0 {
			t.Fatal("the SENT batch must start its manifest; other parcels stay")
		}
		called := false
		claimed, _, err = store.ClaimSlot(ctx, c, slot, func([]manifest.Parcel, []batch.Batch) ([]manifests.Gathering, []batch.Batch, error) {
			called = true
			return nil, nil, nil
		})
		if err != nil || claimed || called {
			t.Fatalf("a claimed slot again: claimed %v, plan called %v, %v", claimed, called, err)
		}

		// Nothing is mailed while a manifest is being made.
		found, err := store.MailNext(ctx, func(manifests.Run) manifests.MailResult { t.Error("mailed too early"); return manifests.MailResult{} })
		if err != nil || found {
			t.Fatalf("MailNext before the end: %v %v", found, err)
		}
		fx.Settle(t, made[0], batch.ManifestCreated, []byte("%PDF-1 gathered"))
		fx.Settle(t, made[1], batch.ErrorManifest, nil)
		// The staff mail goes, the customer's fails.
		boom := errors.New("smtp refused the customer's address")
		var got manifests.Run
		found, err = store.MailNext(ctx, func(r manifests.Run) manifests.MailResult {
			got = r
			return manifests.MailResult{StaffSent: true, Err: boom}
		})
		if !found || !errors.Is(err, boom) {
			t.Fatalf("MailNext with a failing send: %v %v", found, err)
		}
		if got.CustomerID != c || !got.Slot.Equal(slot) || len(got.Batches) != 2 || got.Batches[0].ID != made[0] ||
			string(got.Batches[0].Document) != "%PDF-1 gathered" || got.Batches[0].Status != batch.ManifestCreated ||
			got.Batches[1].Status != batch.ErrorManifest || got.Batches[1].Document != nil ||
			got.StaffMailed || got.CustomerMailed || got.Attempts != 0 {
			t.Fatalf("run: %+v", got)
		}
		// Not again before the retry time.
		found, err = store.MailNext(ctx, func(manifests.Run) manifests.MailResult {
			t.Error("tried again at once")
			return manifests.MailResult{}
		})
		if found || err != nil {
			t.Fatalf("MailNext right after a failure: %v %v", found, err)
		}
		time.Sleep(RetryAfter + 50*time.Millisecond)
		found, err = store.MailNext(ctx, func(r manifests.Run) manifests.MailResult {
			got = r
			return manifests.MailResult{StaffSent: true, CustomerSent: true, Done: true}
		})
		if !found || err != nil || !got.StaffMailed || got.CustomerMailed || got.Attempts != 1 {
			t.Fatalf("the retry knows what was sent: %v %v %+v", found, err, got)
		}
		found, err = store.MailNext(ctx, func(manifests.Run) manifests.MailResult { t.Error("mailed twice"); return manifests.MailResult{} })
		if found || err != nil {
			t.Fatalf("a mailed slot is not mailed again: %v %v", found, err)
		}
	})

	t.Run("A slot given up is not mailed again", func(t *testing.T) {
		given := slot.Add(24 * time.Hour)
		_ = fx.Parcel(t, b, "DE", nil, true)
		var seen []manifest.Parcel
		_, made, err := store.ClaimSlot(ctx, b, given, gatherAll(&seen))
		if err != nil || len(made) != 1 {
			t.Fatalf("%v %v", made, err)
		}
		fx.Settle(t, made[0], batch.ManifestCreated, []byte("%PDF-1"))
		found, _ := store.MailNext(ctx, func(manifests.Run) manifests.MailResult {
			return manifests.MailResult{Err: errors.New("refused"), Done: true}
		})
		time.Sleep(RetryAfter + 50*time.Millisecond)
		again, err := store.MailNext(ctx, func(manifests.Run) manifests.MailResult { t.Error("given up, mailed"); return manifests.MailResult{} })
		if !found || again || err != nil {
			t.Fatalf("give up: %v %v %v", found, again, err)
		}
	})

	t.Run("Concurrent claims of one slot: exactly one runs it", func(t *testing.T) {
		next := slot.Add(72 * time.Hour)
		p := fx.Parcel(t, a, "DE", nil, true)
		var mu sync.Mutex
		claims, plans := 0, 0
		var wg sync.WaitGroup
		for range 5 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var seen []manifest.Parcel
				plan := gatherAll(&seen)
				ok, _, err := store.ClaimSlot(ctx, a, next, func(ps []manifest.Parcel, s []batch.Batch) ([]manifests.Gathering, []batch.Batch, error) {
					mu.Lock()
					plans++
					mu.Unlock()
					return plan(ps, s)
				})
				if err != nil {
					t.Error(err)
				}
				if ok {
					mu.Lock()
					claims++
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		if claims != 1 || plans != 1 || fx.BatchOf(t, p) == 0 {
			t.Fatalf("claims %d, plans %d", claims, plans)
		}
	})

	t.Run("A slot with nothing to manifest is done at once", func(t *testing.T) {
		empty := slot.Add(-7 * 24 * time.Hour)
		var seen []manifest.Parcel
		claimed, made, err := store.ClaimSlot(ctx, a, empty, gatherAll(&seen))
		if err != nil || !claimed || len(made) != 0 {
			t.Fatalf("%v %v %v", claimed, made, err)
		}
		found, err := store.MailNext(ctx, func(manifests.Run) manifests.MailResult { return manifests.MailResult{Done: true} })
		if err != nil || found {
			t.Fatalf("nothing to mail: %v %v", found, err)
		}
	})

	t.Run("Schedules lists the active schedules with the hub's country and since when", func(t *testing.T) {
		since := time.Date(2026, 11, 1, 8, 0, 0, 0, time.UTC)
		fx.SetSchedule(t, a, customer.AutoManifest{Active: true, Time: "17:30", Days: []string{"MONDAY", "THURSDAY"}}, since)
		fx.SetSchedule(t, b, customer.AutoManifest{}, since)
		list, err := store.Schedules(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var mine []manifests.Schedule
		for _, s := range list {
			if s.CustomerID == a || s.CustomerID == b {
				mine = append(mine, s)
			}
		}
		if len(mine) != 1 || mine[0].AutoManifest.Time != "17:30" || len(mine[0].AutoManifest.Days) != 2 ||
			!mine[0].AutoManifest.Active || mine[0].HubCountry == "" || !mine[0].Since.Equal(since) {
			t.Fatalf("schedules: %+v", mine)
		}
	})

	// A relabel holds the parcel's lease while it voids the old label and
	// asks for a new one: a manifest must not gather the parcel meanwhile.
	t.Run("A parcel whose label is being replaced is refused by a gather and left for the next slot", func(t *testing.T) {
		busy := fx.Parcel(t, a, "DE", nil, true)
		fx.Labelling(t, busy)
		var seen []manifest.Parcel
		if _, err := store.Gather(ctx, []int64{busy}, gatherAll(&seen)); err == nil || len(seen) != 1 || !seen[0].Labelling {
			t.Fatalf("gather of a parcel being labelled: %v, %+v", err, seen)
		}
		later := time.Date(2026, 11, 27, 16, 30, 0, 0, time.UTC)
		claimed, _, err := store.ClaimSlot(ctx, a, later, gatherAll(&seen))
		if err != nil || !claimed {
			t.Fatalf("claim: %v %v", claimed, err)
		}
		for _, p := range seen {
			if p.ID == busy {
				t.Fatalf("the slot gathered a parcel being labelled: %+v", seen)
			}
		}
		if fx.BatchOf(t, busy) != 0 {
			t.Fatal("a parcel being labelled was gathered")
		}
	})
}
