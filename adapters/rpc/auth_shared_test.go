package rpc

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"os"
	"sync/atomic"
	"testing"

	"parcelportal/adapters/sessions"
	"parcelportal/app/identity"
	"parcelportal/core/access"
)

// countingResolver answers every bearer as anna's session, counting the
// questions; while hold is set, it waits for it after being asked.
type countingResolver struct {
	asked *atomic.Int32
	hold  chan struct{}
	began chan struct{}
}

func (c countingResolver) ResolveCaller(context.Context, string) (identity.CallerState, error) {
	c.asked.Add(1)
	if c.hold != nil {
		close(c.began)
		<-c.hold
	}
	return identity.CallerState{Caller: &access.Caller{IdentityID: "anna-id", Login: "anna", Roles: []access.Role{access.User}}}, nil
}

// twoProcesses are two authenticators, as in two portal processes, sharing
// the session changes of one installation over the real Redis.
func twoProcesses(t testing.TB) (a, b *authenticator, askedA, askedB *atomic.Int32) {
	t.Helper()
	addr := os.Getenv("REDIS_ADDR")
	if addr == "" {
		t.Fatal("REDIS_ADDR is not set: run integration tests through `make test`, which starts Redis")
	}
	id := make([]byte, 6)
	_, _ = rand.Read(id)
	changes := sessions.New(addr, "rpc-test-"+hex.EncodeToString(id))
	t.Cleanup(func() { _ = changes.Client.Close() })
	askedA, askedB = new(atomic.Int32), new(atomic.Int32)
	a, b = newAuthenticator(countingResolver{asked: askedA}), newAuthenticator(countingResolver{asked: askedB})
	a.changes, b.changes = changes, changes
	return a, b, askedA, askedB
}

func mustResolve(t *testing.T, a *authenticator, token string) {
	t.Helper()
	if _, err := a.resolve(context.Background(), token); err != nil {
		t.Fatal(err)
	}
}

func TestAChangeInOneProcessDropsTheSessionsCachedInAnother(t *testing.T) {
	a, b, _, askedB := twoProcesses(t)
	mustResolve(t, a, "anna-token")
	mustResolve(t, b, "anna-token")
	mustResolve(t, b, "anna-token")
	if n := askedB.Load(); n != 1 {
		t.Fatalf("B asked the identity provider %d times for one bearer; want 1 (cached)", n)
	}

	a.forgetIdentity(context.Background(), "anna-id") // profile or password changed on A
	mustResolve(t, b, "anna-token")
	if n := askedB.Load(); n != 2 {
		t.Fatalf("after the change on A, B asked %d times in all; want 2 (its cached session dropped)", n)
	}
	mustResolve(t, b, "anna-token")
	if n := askedB.Load(); n != 2 {
		t.Fatalf("B asked %d times; want 2 (the fresh answer is cached again)", n)
	}

	// Signed out on A (the caller in the request's context): B drops it too.
	ctx := context.WithValue(context.Background(), callerKey{}, &access.Caller{IdentityID: "anna-id"})
	a.forget(ctx, "anna-token")
	mustResolve(t, b, "anna-token")
	if n := askedB.Load(); n != 3 {
		t.Fatalf("after signing out on A, B asked %d times in all; want 3", n)
	}
}

func TestAnAnswerThatAChangeInAnotherProcessOvertookIsNotTrusted(t *testing.T) {
	a, b, _, askedB := twoProcesses(t)
	slow := countingResolver{asked: askedB, hold: make(chan struct{}), began: make(chan struct{})}
	b.resolver = slow
	done := make(chan struct{})
	go func() {
		defer close(done)
		if _, err := b.resolve(context.Background(), "anna-token"); err != nil {
			t.Error(err)
		}
	}()
	<-slow.began
	a.forgetIdentity(context.Background(), "anna-id") // while Kratos answers B with the old state
	close(slow.hold)
	<-done

	b.resolver = countingResolver{asked: askedB}
	mustResolve(t, b, "anna-token")
	if n := askedB.Load(); n != 2 {
		t.Fatalf("B asked %d times in all; want 2: the answer resolved before A's change was trusted from the cache", n)
	}
}

func TestWithoutTheSharedChangesEveryCallAsksTheIdentityProvider(t *testing.T) {
	_, b, _, askedB := twoProcesses(t)
	// Nothing listens there: the changes cannot be read, so nothing is cached.
	b.changes = sessions.New("127.0.0.1:1", "unreachable")
	for range 3 {
		mustResolve(t, b, "anna-token")
	}
	if n := askedB.Load(); n != 3 {
		t.Fatalf("B asked %d times for 3 calls with Redis unreachable; want 3 (no cache it cannot check)", n)
	}
}

// BenchmarkCachedBearer is a cached bearer's cost: alone in its process, and
// checked against the session changes of the other processes on the real
// Redis (one GET per call).
func BenchmarkCachedBearer(b *testing.B) {
	for _, shared := range []bool{false, true} {
		name := "one process"
		if shared {
			name = "shared changes on Redis"
		}
		b.Run(name, func(b *testing.B) {
			a, _, _, _ := twoProcesses(b)
			if !shared {
				a.changes = nil
			}
			if _, err := a.resolve(context.Background(), "anna-token"); err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if _, err := a.resolve(context.Background(), "anna-token"); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
