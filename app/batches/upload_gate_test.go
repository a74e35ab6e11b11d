package batches_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"parcelportal/app/batches"
	"parcelportal/app/gate"
	"parcelportal/core/batch"
	"parcelportal/core/shipment"
)

// heldStore holds every Create until the test lets it go, and tells the
// test when one has begun.
type heldStore struct {
	batches.Batches
	begun   chan struct{}
	letGoOf chan struct{}
}

func (s heldStore) Create(ctx context.Context, b batch.Batch, csv []byte, rows []shipment.Validated) (batch.Batch, error) {
	select {
	case s.begun <- struct{}{}:
	case <-ctx.Done():
		return batch.Batch{}, ctx.Err()
	}
	select {
	case <-s.letGoOf:
	case <-ctx.Done():
		return batch.Batch{}, ctx.Err()
	}
	return s.Batches.Create(ctx, b, csv, rows)
}

// gated is a fixture whose uploads pass a gate of one slot and whose store
// holds each upload until the test lets it go.
func gated(t *testing.T) (fixture, heldStore) {
	f := setup(t)
	held := heldStore{Batches: f.store, begun: make(chan struct{}, 2), letGoOf: make(chan struct{})}
	f.svc.Batches = held
	f.svc.Uploads = gate.New(1)
	return f, held
}

// uploadInBackground uploads a small batch and reports its error when done.
func (f fixture) uploadInBackground(t *testing.T) <-chan error {
	done := make(chan error, 1)
	csv := generated(t, 3, noEdit)
	go func() {
		_, err := f.svc.Create(ctx, f.user, batches.Upload{CustomerID: f.mine.ID, CSV: csv})
		done <- err
	}()
	return done
}

func TestUploadsPastTheGatesBoundWaitTheirTurn(t *testing.T) {
	f, held := gated(t)
	first, second := f.uploadInBackground(t), f.uploadInBackground(t)
	<-held.begun
	select {
	case <-held.begun:
		t.Fatal("a second upload was stored while the first held the only slot")
	case <-time.After(100 * time.Millisecond):
	}
	held.letGoOf <- struct{}{}
	<-held.begun
	held.letGoOf <- struct{}{}
	for _, done := range []<-chan error{first, second} {
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
	if _, total, _ := f.svc.List(ctx, f.user, f.mine.ID, 0, 10); total != 2 {
		t.Errorf("stored %d batches, want both", total)
	}
}

func TestAnUploadThatGivesUpWaitingStoresNothing(t *testing.T) {
	f, held := gated(t)
	first := f.uploadInBackground(t)
	<-held.begun
	waiting, giveUp := context.WithTimeout(ctx, 50*time.Millisecond)
	defer giveUp()
	if _, err := f.svc.Create(waiting, f.user, batches.Upload{CustomerID: f.mine.ID, CSV: generated(t, 3, noEdit)}); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("an upload that gave up waiting = %v", err)
	}
	if len(held.begun) != 0 {
		t.Error("an upload that waited for a slot reached the store")
	}
	held.letGoOf <- struct{}{}
	if err := <-first; err != nil {
		t.Fatal(err)
	}
	if _, total, _ := f.svc.List(ctx, f.user, f.mine.ID, 0, 10); total != 1 {
		t.Errorf("stored %d batches, want only the first", total)
	}
}
