package batches_test

import (
	"context"
	"testing"
	"time"

	"parcelportal/app/batches"
	"parcelportal/core/batch"
	"parcelportal/core/batchcsv/batchcsvtest"
)

// silentFeed follows nothing: every change is missed, as while a portal
// process lost its Redis connection.
type silentFeed struct{}

func (silentFeed) Follow(ctx context.Context, _ []int64) (<-chan int64, error) {
	ch := make(chan int64)
	go func() {
		<-ctx.Done()
		close(ch)
	}()
	return ch, nil
}

// TestAWatchCatchesUpWithEveryHeartbeatWhenTheFeedMissedAChange: the
// heartbeat reads the batches in progress again, so a send settles on the
// page even when no announcement arrived; the stream then ends.
func TestAWatchCatchesUpWithEveryHeartbeatWhenTheFeedMissedAChange(t *testing.T) {
	f := setup(t)
	f.svc.Progress = silentFeed{}
	v := f.upload(t, batchcsvtest.Generate(2))
	f.force(t, v.ID, batch.Sending)
	got := make(chan []batches.View, 16)
	done := make(chan error, 1)
	wctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	go func() {
		done <- f.svc.Watch(wctx, f.user, []int64{v.ID}, batches.WatchOptions{Heartbeat: 20 * time.Millisecond}, func(views []batches.View) error {
			got <- views
			return nil
		})
	}()
	if first := <-got; len(first) != 1 || first[0].Status != batch.Sending {
		t.Fatalf("first message = %v", first)
	}
	f.force(t, v.ID, batch.Sent)
	if err := <-done; err != nil {
		t.Fatalf("the watch ended with %v", err)
	}
	var last []batches.View
	for len(got) > 0 {
		if views := <-got; len(views) > 0 {
			last = views
		}
	}
	if len(last) != 1 || last[0].Status != batch.Sent {
		t.Fatalf("last batch sent = %v", last)
	}
	if err := f.svc.Watch(ctx, f.stranger, []int64{v.ID}, batches.WatchOptions{}, func([]batches.View) error {
		t.Fatal("a stranger got a message")
		return nil
	}); err == nil {
		t.Fatal("a stranger watched the batch")
	}
}
