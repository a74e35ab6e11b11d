package batchjob_test

import (
	"context"
	"sync"
	"testing"

	"parcelportal/app/batchjob"
	"parcelportal/core/batch"
)

// announcements counts the announcements of each batch.
type announcements struct {
	mu  sync.Mutex
	got map[int64]int
}

func (a *announcements) Changed(_ context.Context, batchID int64) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.got[batchID]++
}

// TestASendAnnouncesItsTotalEachShipmentAndItsSettling: the worker
// announces every recorded step of a send (the total, each of the n
// shipments, the settling), so the progress streams count it up.
func TestASendAnnouncesItsTotalEachShipmentAndItsSettling(t *testing.T) {
	g := newRig(t, batchjob.Options{})
	a := &announcements{got: map[int64]int{}}
	g.runner = batchjob.NewRunner(batchjob.Announcing(batchjob.PortsOf(g.work), a), g.customers, g.carrier, batchjob.Options{})
	id := g.batch(batch.Sending, rows(5))
	g.run(t, batchjob.Job{Kind: batchjob.Send, BatchID: id})
	g.ended(t, id, batch.Sent, "")
	if got := a.got[id]; got != 1+5+1 {
		t.Fatalf("announcements of the send = %d, want 7 (total, 5 shipments, settled)", got)
	}
}
