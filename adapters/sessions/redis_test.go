package sessions_test

import (
	"context"
	"crypto/rand"
	"os"
	"testing"

	"parcelportal/adapters/sessions"
)

func changes(t *testing.T, prefix string) sessions.Redis {
	t.Helper()
	addr := os.Getenv("REDIS_ADDR")
	if addr == "" {
		t.Fatal("REDIS_ADDR is not set: run integration tests through `make test`, which starts Redis")
	}
	r := sessions.New(addr, prefix)
	t.Cleanup(func() { _ = r.Client.Close() })
	return r
}

// TestAChangeStampsTheLoginWithTheNextEpoch: the epoch counts every change
// of the installation, the login carries the epoch of its last change, other
// logins and other installations (prefixes) stay untouched.
func TestAChangeStampsTheLoginWithTheNextEpoch(t *testing.T) {
	ctx := context.Background()
	prefix := "sessions-test-" + rand.Text()
	r, other := changes(t, prefix), changes(t, prefix+"-other")
	must := func(n uint64, err error) uint64 {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	if e, at := must(r.Epoch(ctx)), must(r.ChangedAt(ctx, "anna")); e != 0 || at != 0 {
		t.Fatalf("a new installation: epoch %d, anna changed at %d; want 0 and 0", e, at)
	}
	for want := uint64(1); want <= 2; want++ {
		if err := r.Changed(ctx, "anna"); err != nil {
			t.Fatal(err)
		}
		if e, at := must(r.Epoch(ctx)), must(r.ChangedAt(ctx, "anna")); e != want || at != want {
			t.Fatalf("after change %d: epoch %d, anna changed at %d", want, e, at)
		}
	}
	if err := r.Changed(ctx, "bert"); err != nil {
		t.Fatal(err)
	}
	if at, bert := must(r.ChangedAt(ctx, "anna")), must(r.ChangedAt(ctx, "bert")); at != 2 || bert != 3 {
		t.Fatalf("anna changed at %d (want 2), bert at %d (want 3)", at, bert)
	}
	if e, at := must(other.Epoch(ctx)), must(other.ChangedAt(ctx, "anna")); e != 0 || at != 0 {
		t.Fatalf("another installation sees epoch %d, anna at %d; want 0 and 0", e, at)
	}
	for _, key := range []string{"changed:anna", "epoch"} {
		if ttl := r.Client.TTL(ctx, "portal:sessions:"+prefix+":"+key).Val(); ttl <= 0 {
			t.Fatalf("%s lives %v; want an expiry", key, ttl)
		}
	}
	if _, err := sessions.New("127.0.0.1:1", prefix).Epoch(ctx); err == nil {
		t.Fatal("an unreachable Redis gave an epoch")
	}
}
