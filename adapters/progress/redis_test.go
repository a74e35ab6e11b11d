package progress_test

import (
	"context"
	"crypto/rand"
	"os"
	"testing"
	"time"

	"parcelportal/adapters/progress"
)

func feed(t *testing.T, prefix string) *progress.Redis {
	t.Helper()
	addr := os.Getenv("REDIS_ADDR")
	if addr == "" {
		t.Fatal("REDIS_ADDR is not set: run integration tests through `make test`, which starts Redis")
	}
	return progress.New(addr, prefix, nil)
}

func next(t *testing.T, ch <-chan int64) int64 {
	t.Helper()
	select {
	case id, ok := <-ch:
		if !ok {
			t.Fatal("the feed closed")
		}
		return id
	case <-time.After(2 * time.Second):
		t.Fatal("no change arrived within 2 s")
	}
	return 0
}

func quiet(t *testing.T, ch <-chan int64, what string) {
	t.Helper()
	select {
	case id := <-ch:
		t.Fatalf("%s: got batch %d", what, id)
	case <-time.After(200 * time.Millisecond):
	}
}

// TestAChangeAtTheWorkerReachesTheFollowersOfItsBatchInAnotherProcess: the
// worker's feed and the portal's are separate clients (processes); a
// follower sees the batches it follows, not others, not another
// installation's, and nothing once its context ended.
func TestAChangeAtTheWorkerReachesTheFollowersOfItsBatchInAnotherProcess(t *testing.T) {
	ctx := context.Background()
	prefix := "progress-test-" + rand.Text()
	worker, portal, otherPortal := feed(t, prefix), feed(t, prefix), feed(t, prefix+"-other")

	followCtx, stop := context.WithCancel(ctx)
	mine, err := portal.Follow(followCtx, []int64{7, 8})
	if err != nil {
		t.Fatal(err)
	}
	alsoSeven, err := portal.Follow(ctx, []int64{7})
	if err != nil {
		t.Fatal(err)
	}
	foreign, err := otherPortal.Follow(ctx, []int64{7})
	if err != nil {
		t.Fatal(err)
	}

	worker.Changed(ctx, 9)
	worker.Changed(ctx, 8)
	if got := next(t, mine); got != 8 {
		t.Fatalf("first change followed: batch %d, want 8 (9 is not followed)", got)
	}
	worker.Changed(ctx, 7)
	if got := next(t, mine); got != 7 {
		t.Fatalf("next change: batch %d, want 7", got)
	}
	if got := next(t, alsoSeven); got != 7 {
		t.Fatalf("second follower of 7: batch %d", got)
	}
	quiet(t, alsoSeven, "a follower of 7 only, after 8 and 9 changed")
	quiet(t, foreign, "another installation's follower")

	stop()
	if _, ok := <-mine; ok {
		// One change may still have been on its way; the next read must see the end.
		if _, ok := <-mine; ok {
			t.Fatal("the feed stayed open after its context ended")
		}
	}
}

// TestAChangeIsDeliveredWithinMilliseconds measures the way from the
// worker's publication to a follower in another process.
func TestAChangeIsDeliveredWithinMilliseconds(t *testing.T) {
	ctx := context.Background()
	prefix := "progress-test-" + rand.Text()
	worker, portal := feed(t, prefix), feed(t, prefix)
	ch, err := portal.Follow(ctx, []int64{1})
	if err != nil {
		t.Fatal(err)
	}
	var worst time.Duration
	for range 50 {
		at := time.Now()
		worker.Changed(ctx, 1)
		next(t, ch)
		worst = max(worst, time.Since(at))
	}
	t.Logf("worker to follower, worst of 50: %v", worst)
	if worst > 100*time.Millisecond {
		t.Fatalf("worst delivery %v; the stream's budget is 500 ms from worker to browser", worst)
	}
}
