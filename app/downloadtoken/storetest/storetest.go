// Package storetest holds the contract test of the download token store,
// run against Postgres and the in-memory fake alike.
package storetest

import (
	"context"
	"crypto/sha256"
	"reflect"
	"sync"
	"testing"
	"time"

	"parcelportal/app/downloadtoken"
	"parcelportal/core/access"
	"parcelportal/core/failure"
	"parcelportal/core/linkdownload"
)

// Contract checks a download token store.
func Contract(t *testing.T, store downloadtoken.Store) {
	ctx := context.Background()
	at := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	g := linkdownload.Grant{
		Purpose: linkdownload.BatchLabels, Resource: "42", Expires: at,
		Caller: access.Caller{IdentityID: "id-1", Login: "anna", Roles: []access.Role{access.User, access.API}, CustomerID: 7,
			FulfillmentID: 3, FulfillmentCustomers: []int64{7, 8}},
	}
	hash := sha256.Sum256([]byte("token"))
	if err := store.Put(ctx, hash, g); err != nil {
		t.Fatal(err)
	}

	t.Run("take answers the grant once", func(t *testing.T) {
		got, err := store.Take(ctx, hash)
		if err != nil || !reflect.DeepEqual(got.Caller, g.Caller) || got.Purpose != g.Purpose || got.Resource != g.Resource || !got.Expires.Equal(g.Expires) {
			t.Fatalf("Take = %+v, %v", got, err)
		}
		if _, err := store.Take(ctx, hash); !failure.HasKey(err, linkdownload.KeyTokenInvalid) {
			t.Fatalf("Take again = %v", err)
		}
		if _, err := store.Take(ctx, sha256.Sum256([]byte("unknown"))); !failure.HasKey(err, linkdownload.KeyTokenInvalid) {
			t.Fatalf("Take unknown = %v", err)
		}
	})

	t.Run("an expired grant is still answered, for the rule to refuse", func(t *testing.T) {
		old := g
		old.Expires = time.Now().Add(-time.Hour)
		h := sha256.Sum256([]byte("old"))
		if err := store.Put(ctx, h, old); err != nil {
			t.Fatal(err)
		}
		// Another Put may forget it; either way Take never admits it as fresh.
		if err := store.Put(ctx, sha256.Sum256([]byte("other")), g); err != nil {
			t.Fatal(err)
		}
		got, err := store.Take(ctx, h)
		if err == nil && got.Expires.After(time.Now()) {
			t.Fatalf("an expired grant came back fresh: %+v", got)
		}
		if err != nil && !failure.HasKey(err, linkdownload.KeyTokenInvalid) {
			t.Fatalf("Take of an expired grant = %v", err)
		}
	})

	t.Run("concurrent takes: one wins", func(t *testing.T) {
		h := sha256.Sum256([]byte("race"))
		if err := store.Put(ctx, h, g); err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		var mu sync.Mutex
		wins := 0
		for range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, err := store.Take(ctx, h); err == nil {
					mu.Lock()
					wins++
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		if wins != 1 {
			t.Fatalf("%d takes of one token succeeded", wins)
		}
	})
}
