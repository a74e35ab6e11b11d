package identitytest

import (
	"context"
	"strings"
	"testing"
	"time"

	"parcelportal/core/account"
)

// SessionsContract checks identity.Sessions.
func SessionsContract(t *testing.T, newFixture func(t *testing.T) Fixture) {
	t.Run("SignIn accepts the login or the e-mail address, in any case", func(t *testing.T) {
		t.Parallel()
		f := newFixture(t)
		u, password := newUser(t, f, nil)
		for _, identifier := range []string{u.Login, u.Email, strings.ToUpper(u.Login), strings.ToLower(u.Email)} {
			if s := signIn(t, f, identifier, password); s.IdentityID != u.ID {
				t.Errorf("SignIn(%s) names identity %q, want %q", identifier, s.IdentityID, u.ID)
			}
		}
	})

	t.Run("a wrong password and an unknown login fail alike", func(t *testing.T) {
		t.Parallel()
		f := newFixture(t)
		u, password := newUser(t, f, nil)
		ctx := context.Background()
		_, err := f.Sessions.SignIn(ctx, u.Login, password+"x")
		wantFailure(t, "wrong password", err, account.ErrBadCredentials)
		_, err = f.Sessions.SignIn(ctx, newLogin(), password)
		wantFailure(t, "unknown login", err, account.ErrBadCredentials)
		_, err = f.Sessions.SignIn(ctx, "nobody."+randomHex(4)+"@example.org", password)
		wantFailure(t, "unknown e-mail address", err, account.ErrBadCredentials)
	})

	t.Run("Resolve names the identity of the session", func(t *testing.T) {
		t.Parallel()
		f := newFixture(t)
		u, password := newUser(t, f, nil)
		token := signIn(t, f, u.Login, password).Token
		s := resolve(t, f, token)
		if s.Token != token || s.IdentityID != u.ID || s.SecondFactor {
			t.Errorf("Resolve = %+v, want token from SignIn, identity %s, no second factor", s, u.ID)
		}
		if !s.ExpiresAt.After(time.Now()) {
			t.Errorf("ExpiresAt %v is not in the future", s.ExpiresAt)
		}
	})

	t.Run("Resolve of an unknown token is ErrBadCredentials", func(t *testing.T) {
		t.Parallel()
		f := newFixture(t)
		_, err := f.Sessions.Resolve(context.Background(), "made-up-"+randomHex(16))
		wantFailure(t, "Resolve", err, account.ErrBadCredentials)
	})

	t.Run("Revoke ends the session at once and twice is no error", func(t *testing.T) {
		t.Parallel()
		f := newFixture(t)
		u, password := newUser(t, f, nil)
		ctx := context.Background()
		token := signIn(t, f, u.Login, password).Token
		other := signIn(t, f, u.Login, password).Token
		if err := f.Sessions.Revoke(ctx, token); err != nil {
			t.Fatalf("Revoke: %v", err)
		}
		_, err := f.Sessions.Resolve(ctx, token)
		wantFailure(t, "Resolve after Revoke", err, account.ErrBadCredentials)
		if err := f.Sessions.Revoke(ctx, token); err != nil {
			t.Errorf("second Revoke: %v", err)
		}
		if s := resolve(t, f, other); s.IdentityID != u.ID {
			t.Errorf("the user's other session names %q", s.IdentityID)
		}
	})

	t.Run("RevokeOthers ends the user's other sessions and keeps the token's", func(t *testing.T) {
		t.Parallel()
		f := newFixture(t)
		ctx := context.Background()
		u, password := newUser(t, f, nil)
		bystander, bystanderPassword := newUser(t, f, nil)
		kept := signIn(t, f, u.Login, password).Token
		others := []string{signIn(t, f, u.Login, password).Token, signIn(t, f, u.Email, password).Token}
		unrelated := signIn(t, f, bystander.Login, bystanderPassword).Token
		if err := f.Sessions.RevokeOthers(ctx, kept); err != nil {
			t.Fatalf("RevokeOthers: %v", err)
		}
		for _, token := range others {
			_, err := f.Sessions.Resolve(ctx, token)
			wantFailure(t, "Resolve of another session after RevokeOthers", err, account.ErrBadCredentials)
		}
		resolve(t, f, kept)
		resolve(t, f, unrelated)
		err := f.Sessions.RevokeOthers(ctx, "made-up-"+randomHex(16))
		wantFailure(t, "RevokeOthers of an unknown token", err, account.ErrBadCredentials)
	})
}
