package rpc

import (
	"context"
	"crypto/sha256"
	"testing"

	"parcelportal/app/identity"
	"parcelportal/core/access"
)

// slowResolver answers once the test lets it, as Kratos answering a
// request that started just before the bearer was revoked.
type slowResolver struct{ asked, answer chan struct{} }

func (s slowResolver) ResolveCaller(context.Context, string) (identity.CallerState, error) {
	close(s.asked)
	<-s.answer
	return identity.CallerState{Caller: &access.Caller{IdentityID: "anna-id", Login: "anna", Roles: []access.Role{access.User}}}, nil
}

func TestARevokedBearerIsNotCachedByARequestThatResolvedItBefore(t *testing.T) {
	r := slowResolver{asked: make(chan struct{}), answer: make(chan struct{})}
	a := newAuthenticator(r)
	done := make(chan struct{})
	go func() {
		defer close(done)
		_, _ = a.resolve(context.Background(), "anna-token")
	}()
	<-r.asked
	a.forget("anna-token") // logout: revoked at Kratos, then dropped here
	close(r.answer)
	<-done
	if _, cached := a.cache.get(sha256.Sum256([]byte("anna-token"))); cached {
		t.Fatal("the answer of a request that started before the logout put the revoked bearer back into the cache")
	}
}
