package rpc

import (
	"context"
	"crypto/sha256"
	"strings"
	"testing"

	"parcelportal/adapters/rpc/gen/portal/v1/portalv1connect"
	"parcelportal/app/identity"
	"parcelportal/core/access"
	"parcelportal/core/account"
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
	a.forget(context.Background(), "anna-token") // logout: revoked at Kratos, then dropped here
	close(r.answer)
	<-done
	if _, _, cached := a.cache.get(sha256.Sum256([]byte("anna-token"))); cached {
		t.Fatal("the answer of a request that started before the logout put the revoked bearer back into the cache")
	}
}

// countingUnknowns answers every bearer as unknown, counting the questions.
type countingUnknowns struct{ asked *int }

func (c countingUnknowns) ResolveCaller(context.Context, string) (identity.CallerState, error) {
	*c.asked++
	return identity.CallerState{}, account.ErrBadCredentials
}

func TestAnUnknownBearerIsNotAskedForAgainAndAgain(t *testing.T) {
	asked := 0
	a := newAuthenticator(countingUnknowns{asked: &asked})
	for range 20 {
		if _, err := a.authorize(context.Background(), "/portal.v1.AccountService/GetAccount", "Bearer made-up"); err == nil {
			t.Fatal("an unknown bearer was let in")
		}
	}
	if asked != 1 {
		t.Fatalf("the identity provider was asked %d times about one made-up bearer, want once", asked)
	}
	if _, err := a.authorize(context.Background(), "/portal.v1.AccountService/GetAccount", "Bearer "+strings.Repeat("x", 600)); err == nil || asked != 1 {
		t.Fatalf("an over-long bearer = %v after %d questions; want refused without asking", err, asked)
	}
}

func TestACallThatReadsNoCallerLooksUpNoBearer(t *testing.T) {
	asked := 0
	a := newAuthenticator(countingUnknowns{asked: &asked})
	ctx, err := a.authorize(context.Background(), portalv1connect.ManagementServiceGetVersionProcedure, "Bearer some-session")
	if err != nil || callerFrom(ctx) != nil || asked != 0 {
		t.Fatalf("the version with a bearer = %v, caller %v, %d lookups; want answered with no lookup", err, callerFrom(ctx), asked)
	}
	// A public call that may read its caller still looks the bearer up.
	if _, err := a.authorize(context.Background(), portalv1connect.ManagementServiceGetHealthProcedure, "Bearer some-session"); err != nil || asked != 1 {
		t.Fatalf("the health with a bearer = %v after %d lookups; want answered after one", err, asked)
	}
}
