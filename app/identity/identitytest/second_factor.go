package identitytest

import (
	"bytes"
	"context"
	"image/png"
	"testing"

	"parcelportal/core/account"
)

// SecondFactorContract checks identity.SecondFactor.
func SecondFactorContract(t *testing.T, newFixture func(t *testing.T) Fixture) {
	t.Run("Setup and Register with a current code register the device", func(t *testing.T) {
		t.Parallel()
		f := newFixture(t)
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

	t.Run("a new session of a user with a device owes the code until Verify", func(t *testing.T) {
		t.Parallel()
		f := newFixture(t)
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
