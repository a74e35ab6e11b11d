package identitytest

import (
	"bytes"
	"context"
	"image/png"
	"strings"
	"testing"
	"time"

	"parcelportal/core/account"
)

// SessionsContract checks identity.Sessions.
func SessionsContract(t *testing.T, newFixture func(t *testing.T) Fixture) {
	parallel(t, "SignIn accepts the login or the e-mail address, in any case", newFixture, func(t *testing.T, f Fixture) {
		u, password := newUser(t, f, nil)
		// Kratos also trims blanks around the identifier: the portal must
		// count " anna" and "anna\t" as anna (account.NormalizeIdentifier).
		for _, identifier := range []string{u.Login, u.Email, strings.ToUpper(u.Login), strings.ToLower(u.Email),
			" " + u.Login, u.Login + "\t", "\t" + u.Email + " "} {
			if s := signIn(t, f, identifier, password); s.IdentityID != u.ID {
				t.Errorf("SignIn(%s) names identity %q, want %q", identifier, s.IdentityID, u.ID)
			}
		}
	})

	parallel(t, "a wrong password and an unknown login fail alike", newFixture, func(t *testing.T, f Fixture) {
		u, password := newUser(t, f, nil)
		ctx := context.Background()
		_, err := f.Sessions.SignIn(ctx, u.Login, password+"x")
		wantFailure(t, "wrong password", err, account.ErrBadCredentials)
		_, err = f.Sessions.SignIn(ctx, newLogin(), password)
		wantFailure(t, "unknown login", err, account.ErrBadCredentials)
		_, err = f.Sessions.SignIn(ctx, "nobody."+randomHex(4)+"@example.org", password)
		wantFailure(t, "unknown e-mail address", err, account.ErrBadCredentials)
	})

	parallel(t, "Resolve names the identity of the session", newFixture, func(t *testing.T, f Fixture) {
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

	parallel(t, "Resolve of an unknown token is ErrBadCredentials", newFixture, func(t *testing.T, f Fixture) {
		_, err := f.Sessions.Resolve(context.Background(), "made-up-"+randomHex(16))
		wantFailure(t, "Resolve", err, account.ErrBadCredentials)
	})

	parallel(t, "Revoke ends the session at once and twice is no error", newFixture, func(t *testing.T, f Fixture) {
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

	parallel(t, "RevokeOthers ends the user's other sessions and keeps the token's", newFixture, func(t *testing.T, f Fixture) {
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

// SecondFactorContract checks identity.SecondFactor.
func SecondFactorContract(t *testing.T, newFixture func(t *testing.T) Fixture) {
	parallel(t, "Setup and Register with a current code register the device", newFixture, func(t *testing.T, f Fixture) {
		ctx := context.Background()
		u, password := newUser(t, f, nil)
		token := signIn(t, f, u.Login, password).Token

		qr, secret, err := f.SecondFactor.Setup(ctx, token)
		if err != nil {
			t.Fatalf("Setup: %v", err)
		}
		if _, err := png.Decode(bytes.NewReader(qr)); err != nil {
			t.Errorf("Setup's QR image is no PNG: %v", err)
		}
		if secret == "" {
			t.Fatal("Setup returned no secret")
		}

		err = f.SecondFactor.Register(ctx, token, wrongCode(t, secret))
		wantFailure(t, "Register with a wrong code", err, account.ErrWrongCode)
		if get(t, f, u.ID).HasSecondFactor {
			t.Error("a wrong code registered the device")
		}

		if err := f.SecondFactor.Register(ctx, token, currentCode(t, secret)); err != nil {
			t.Fatalf("Register: %v", err)
		}
		if !get(t, f, u.ID).HasSecondFactor {
			t.Error("HasSecondFactor is false after Register")
		}
		// Registering proved the code, so this session owes nothing more.
		if s := resolve(t, f, token); !s.SecondFactor || s.IdentityID != u.ID {
			t.Errorf("the registering session resolves as %+v, want its identity with SecondFactor", s)
		}
	})

	parallel(t, "a new session of a user with a device owes the code until Verify", newFixture, func(t *testing.T, f Fixture) {
		ctx := context.Background()
		u, password, secret := userWithDevice(t, f)

		token := signIn(t, f, u.Email, password).Token
		if s := resolve(t, f, token); s.SecondFactor || s.IdentityID != u.ID {
			t.Fatalf("a fresh session resolves as %+v, want identity %s without SecondFactor", s, u.ID)
		}

		_, err := f.SecondFactor.Verify(ctx, token, wrongCode(t, secret))
		wantFailure(t, "Verify with a wrong code", err, account.ErrWrongCode)
		if resolve(t, f, token).SecondFactor {
			t.Error("a wrong code proved the second factor")
		}

		verified, err := f.SecondFactor.Verify(ctx, token, currentCode(t, secret))
		if err != nil {
			t.Fatalf("Verify: %v", err)
		}
		if verified.IdentityID != u.ID || !verified.SecondFactor {
			t.Errorf("Verify = %+v, want identity %s with SecondFactor", verified, u.ID)
		}
		if s := resolve(t, f, verified.Token); !s.SecondFactor || s.IdentityID != u.ID {
			t.Errorf("the verified session resolves as %+v, want identity %s with SecondFactor", s, u.ID)
		}
	})
}

// userWithDevice is an ACTIVE login with a registered authenticator; it
// returns the password and the device's secret.
func userWithDevice(t *testing.T, f Fixture) (account.User, string, string) {
	t.Helper()
	ctx := context.Background()
	u, password := newUser(t, f, nil)
	token := signIn(t, f, u.Login, password).Token
	_, secret, err := f.SecondFactor.Setup(ctx, token)
	if err != nil {
		t.Fatalf("Setup: %v", err)
	}
	if err := f.SecondFactor.Register(ctx, token, currentCode(t, secret)); err != nil {
		t.Fatalf("Register: %v", err)
	}
	if err := f.Sessions.Revoke(ctx, token); err != nil {
		t.Fatalf("Revoke: %v", err)
	}
	return get(t, f, u.ID), password, secret
}
