// Package statetest holds the contract tests of the portal-side identity
// ports (MFA state, throttle, user links, registration requests), run against Postgres and the
// in-memory fakes alike.
package statetest

import (
	"bytes"
	"context"
	"crypto/rand"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"parcelportal/app/identity"
	"parcelportal/app/userdata"
	"parcelportal/core/account"
	"parcelportal/core/failure"
	"parcelportal/core/organisation"
)

var ctx = context.Background()

// passedOf makes n attempts at once and counts those that passed; an
// attempt that errs fails the test.
func passedOf(t *testing.T, n int, attempt func() (bool, error)) int32 {
	var passed atomic.Int32
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() {
			ok, err := attempt()
			if err != nil {
				t.Error(err)
			}
			if ok {
				passed.Add(1)
			}
		})
	}
	wg.Wait()
	return passed.Load()
}

func newIdentityID(t *testing.T) string {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	b[6], b[8] = b[6]&0x0f|0x40, b[8]&0x3f|0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}

// MFAStateContract checks pending sign-ins, skips and the code replay guard.
func MFAStateContract(t *testing.T, state identity.MFAState) {
	id := newIdentityID(t)
	now := time.Now().UTC().Truncate(time.Millisecond)

	t.Run("pending sign-in round trip", func(t *testing.T) {
		hash := identity.TokenHash("token-" + id)
		if _, ok, err := state.Pending(ctx, hash); err != nil || ok {
			t.Fatalf("unknown session pending = %v, %v", ok, err)
		}
		want := identity.PendingSignIn{TokenHash: hash, IdentityID: id, RememberMe: true, ExpiresAt: now.Add(time.Minute)}
		if err := state.MarkPending(ctx, want); err != nil {
			t.Fatal(err)
		}
		got, ok, err := state.Pending(ctx, hash)
		if err != nil || !ok || got.IdentityID != id || !got.RememberMe || !got.ExpiresAt.Equal(want.ExpiresAt) || !bytes.Equal(got.TokenHash, hash) {
			t.Fatalf("Pending = %+v, %v, %v", got, ok, err)
		}
		if err := state.ClearPending(ctx, hash); err != nil {
			t.Fatal(err)
		}
		if _, ok, _ := state.Pending(ctx, hash); ok {
			t.Fatal("cleared sign-in still pending")
		}
	})

	t.Run("code attempts of a pending sign-in are limited", func(t *testing.T) {
		hash := identity.TokenHash("attempts-" + id)
		if ok, err := state.TakeCodeAttempt(ctx, hash, 5); err != nil || ok {
			t.Fatalf("attempt without a pending sign-in = %v, %v", ok, err)
		}
		if err := state.MarkPending(ctx, identity.PendingSignIn{TokenHash: hash, IdentityID: id, ExpiresAt: now.Add(time.Minute)}); err != nil {
			t.Fatal(err)
		}
		passed := passedOf(t, 12, func() (bool, error) { return state.TakeCodeAttempt(ctx, hash, 5) })
		if passed != 5 {
			t.Fatalf("%d of 12 parallel code attempts passed, want the limit 5", passed)
		}
		if err := state.ClearPending(ctx, hash); err != nil {
			t.Fatal(err)
		}
	})

	t.Run("skip", func(t *testing.T) {
		if until, err := state.SkipUntil(ctx, id); err != nil || !until.IsZero() {
			t.Fatalf("never skipped = %v, %v", until, err)
		}
		for _, days := range []int{7, 14} {
			if err := state.SetSkipUntil(ctx, id, now.AddDate(0, 0, days)); err != nil {
				t.Fatal(err)
			}
		}
		if until, err := state.SkipUntil(ctx, id); err != nil || !until.Equal(now.AddDate(0, 0, 14)) {
			t.Fatalf("SkipUntil = %v, %v; the last skip wins", until, err)
		}
	})

	t.Run("a code is used once within the window", func(t *testing.T) {
		code := []byte("code-hash-" + id)
		if err := state.UseCode(ctx, id, code, now, 2*time.Minute); err != nil {
			t.Fatal(err)
		}
		err := state.UseCode(ctx, id, code, now.Add(30*time.Second), 2*time.Minute)
		if !failure.HasKey(err, account.KeyCodeReused) {
			t.Fatalf("second use = %v, want %s", err, account.KeyCodeReused)
		}
		if err := state.UseCode(ctx, id, []byte("other"), now.Add(30*time.Second), 2*time.Minute); err != nil {
			t.Fatalf("another code: %v", err)
		}
		if err := state.UseCode(ctx, id, code, now.Add(3*time.Minute), 2*time.Minute); err != nil {
			t.Fatalf("after the window the same digits are a new code: %v", err)
		}
		if err := state.UseCode(ctx, newIdentityID(t), code, now, 2*time.Minute); err != nil {
			t.Fatalf("another user's code: %v", err)
		}
	})
}

// ThrottleContract checks a throttle built with a 15-minute window and
// limits of 3 for "login:" keys and 5 for "addr:" keys.
func ThrottleContract(t *testing.T, throttle identity.Throttle) {
	suffix := newIdentityID(t)
	login, addr := "login:anna-"+suffix, "addr:10.0.0.1-"+suffix
	keys := []string{login, addr}
	now := time.Now().UTC()
	attempt := func(keys []string, at time.Time) bool {
		ok, err := throttle.Attempt(ctx, keys, at)
		if err != nil {
			t.Fatal(err)
		}
		return ok
	}
	for i := range 3 {
		if !attempt(keys, now) {
			t.Fatalf("refused attempt %d", i+1)
		}
	}
	if attempt(keys, now) {
		t.Fatal("a fourth attempt for the login must wait")
	}
	// The address has counted 4 attempts: one more is within its limit.
	if !attempt([]string{"login:bob-" + suffix, addr}, now) {
		t.Fatal("the address is below its own limit, another login may try")
	}
	if err := throttle.Refund(ctx, []string{addr}); err != nil {
		t.Fatal(err)
	}
	if !attempt([]string{"login:carl-" + suffix, addr}, now) {
		t.Fatal("a refunded attempt gives its room back")
	}
	if attempt([]string{"login:dora-" + suffix, addr}, now) {
		t.Fatal("the address used up its 5 attempts")
	}
	later := now.Add(16 * time.Minute)
	if !attempt(keys, later) {
		t.Fatal("attempts older than the window no longer count")
	}
	for range 2 {
		attempt(keys, later)
	}
	if attempt([]string{login}, later) {
		t.Fatal("the new window counts again")
	}
	if err := throttle.Forget(ctx, []string{login}); err != nil {
		t.Fatal(err)
	}
	if !attempt([]string{login}, later) {
		t.Fatal("Forget drops the attempts")
	}

	t.Run("parallel attempts never pass the limit", func(t *testing.T) {
		key := []string{"login:parallel-" + suffix, "addr:parallel-" + suffix}
		passed := passedOf(t, 20, func() (bool, error) { return throttle.Attempt(ctx, key, now) })
		if passed != 3 {
			t.Fatalf("%d of 20 parallel attempts passed, want exactly the limit 3", passed)
		}
	})
}

// UserLinksContract checks reading and forgetting links. link makes the
// login a user of customer customerID the way staff do (user data); the
// port itself links nobody.
func UserLinksContract(t *testing.T, links identity.UserLinks, link func(t *testing.T, login string), customerID int64) {
	login := "linked-" + newIdentityID(t)[:8]
	if l, err := links.ByLogin(ctx, login); err != nil || l.CustomerID != 0 || l.FulfillmentID != 0 {
		t.Fatalf("unlinked login = %+v, %v", l, err)
	}
	link(t, login)
	if l, err := links.ByLogin(ctx, login); err != nil || l.CustomerID != customerID {
		t.Fatalf("linked login = %+v, %v; want customer %d", l, err, customerID)
	}
	if err := links.DeleteByLogin(ctx, login); err != nil {
		t.Fatal(err)
	}
	if l, _ := links.ByLogin(ctx, login); l.CustomerID != 0 {
		t.Fatal("deleted link still answers")
	}
	if err := links.DeleteByLogin(ctx, login); err != nil {
		t.Fatalf("deleting a missing link: %v", err)
	}
}

// RegistrationStore is what one adapter offers both sides: the identity
// use cases keep requests, the user data screens list the pending ones.
type RegistrationStore interface {
	identity.RegistrationRequests
	userdata.Requests
}

// RegistrationFixture describes the organisation the store sees: a
// customer (with its CRM id) served by a tenant listing TenantEmails, and
// AllEmails, the addresses of every tenant. Link links a login to the
// customer as staff do through user data.
type RegistrationFixture struct {
	Customer     organisation.CustomerRef
	TenantEmails []string
	AllEmails    []string
	Link         func(t *testing.T, login string)
}

// RegistrationRequestsContract checks keeping, routing, listing and
// forgetting self-registrations.
func RegistrationRequestsContract(t *testing.T, store RegistrationStore, f RegistrationFixture) {
	suffix := newIdentityID(t)[:8]
	at := time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)
	known := identity.RegistrationRequest{Login: "known-" + suffix, IdentityID: newIdentityID(t), Email: "known-" + suffix + "@example.org",
		CRMID: f.Customer.CRMID, Reason: "We bake bread.", RequestedAt: at}
	unknown := identity.RegistrationRequest{Login: "unknown-" + suffix, IdentityID: newIdentityID(t), Email: "unknown-" + suffix + "@example.org",
		CRMID: "SE99999999", RequestedAt: at.Add(time.Minute)}

	routing, err := store.Add(ctx, known)
	if err != nil {
		t.Fatal(err)
	}
	if routing.Customer == nil || routing.Customer.ID != f.Customer.ID || routing.Customer.Name != f.Customer.Name ||
		!sameSet(routing.Recipients, f.TenantEmails) {
		t.Fatalf("routing of a customer's CRM id = %+v, want customer %d and %v", routing, f.Customer.ID, f.TenantEmails)
	}
	routing, err = store.Add(ctx, unknown)
	if err != nil {
		t.Fatal(err)
	}
	if routing.Customer != nil || !sameSet(routing.Recipients, f.AllEmails) {
		t.Fatalf("routing of an unknown CRM id = %+v, want no customer and every tenant's %v", routing, f.AllEmails)
	}
	if _, err := store.Add(ctx, known); err == nil {
		t.Fatal("a second request for the same login must be refused")
	}

	pending := func() []userdata.Request {
		t.Helper()
		var mine []userdata.Request
		for page := 0; ; page++ {
			got, total, err := store.Pending(ctx, page, 50)
			if err != nil {
				t.Fatal(err)
			}
			if total < len(got) {
				t.Fatalf("total %d below the page's %d", total, len(got))
			}
			for _, r := range got {
				if strings.HasSuffix(r.Login, suffix) {
					mine = append(mine, r)
				}
			}
			if len(got) < 50 {
				return mine
			}
		}
	}
	got := pending()
	if len(got) != 2 || got[0].Login != known.Login || got[1].Login != unknown.Login {
		t.Fatalf("pending = %+v, want both, oldest first", got)
	}
	if r := got[0]; r.Email != known.Email || r.CRMID != known.CRMID || r.Reason != known.Reason || !r.RequestedAt.Equal(at) ||
		r.Customer == nil || r.Customer.ID != f.Customer.ID || r.ID == 0 {
		t.Fatalf("pending request = %+v", r)
	}
	if got[1].Customer != nil {
		t.Fatalf("an unknown CRM id matches %+v", got[1].Customer)
	}

	f.Link(t, known.Login)
	if got := pending(); len(got) != 1 || got[0].Login != unknown.Login {
		t.Fatalf("after linking = %+v, want only the unlinked request", got)
	}
	if err := store.Forget(ctx, unknown.Login); err != nil {
		t.Fatal(err)
	}
	if got := pending(); len(got) != 0 {
		t.Fatalf("after forgetting = %+v", got)
	}
	if err := store.Forget(ctx, unknown.Login); err != nil {
		t.Fatalf("forgetting twice: %v", err)
	}
}

func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}
