package identitytest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"testing"
	"time"

	"github.com/pquerna/otp/totp"

	"parcelportal/app/identity"
	"parcelportal/core/access"
	"parcelportal/core/account"
)

// parallel runs one case of a contract beside the others, on a fixture of
// its own.
func parallel(t *testing.T, name string, newFixture func(t *testing.T) Fixture, check func(t *testing.T, f Fixture)) {
	t.Run(name, func(t *testing.T) {
		t.Parallel()
		check(t, newFixture(t))
	})
}

// randomHex returns n random bytes as hex.
func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// newLogin is a login no other test uses, in mixed case so that every
// case-insensitive rule is exercised.
func newLogin() string { return "Ct." + randomHex(6) }

// emailOf is the login's own address, also in mixed case.
func emailOf(login string) string { return login + "@Example.org" }

// newUser creates an ACTIVE login with a random password, changed by
// change when not nil, and deletes it when the test ends.
func newUser(t *testing.T, f Fixture, change func(*account.User)) (account.User, string) {
	t.Helper()
	login := newLogin()
	now := time.Now()
	u := account.User{
		Login: login, Email: emailOf(login), FirstName: "Clara", LastName: "Contract", LangKey: "en",
		Roles: []access.Role{access.User}, Status: account.Active,
		CreatedBy: "contract", CreatedAt: now, ModifiedBy: "contract", ModifiedAt: now,
	}
	if change != nil {
		change(&u)
	}
	password := "pw-" + randomHex(4)
	created, err := f.Directory.Create(context.Background(), u, password)
	if err != nil {
		t.Fatalf("Create(%s): %v", u.Login, err)
	}
	t.Cleanup(func() {
		err := f.Directory.Delete(context.Background(), created.ID)
		if err != nil && !errors.Is(err, account.ErrUserNotFound) {
			t.Errorf("cleanup: Delete(%s): %v", created.Login, err)
		}
	})
	return created, password
}

// signIn signs in and fails the test on any error.
func signIn(t *testing.T, f Fixture, identifier, password string) identity.Session {
	t.Helper()
	s, err := f.Sessions.SignIn(context.Background(), identifier, password)
	if err != nil {
		t.Fatalf("SignIn(%s): %v", identifier, err)
	}
	if s.Token == "" {
		t.Fatalf("SignIn(%s) returned no token", identifier)
	}
	return s
}

// resolve resolves a token and fails the test on any error.
func resolve(t *testing.T, f Fixture, token string) identity.Session {
	t.Helper()
	s, err := f.Sessions.Resolve(context.Background(), token)
	if err != nil {
		t.Fatalf("Resolve: %v", err)
	}
	return s
}

// get reads a user and fails the test on any error.
func get(t *testing.T, f Fixture, id string) account.User {
	t.Helper()
	u, err := f.Directory.Get(context.Background(), id)
	if err != nil {
		t.Fatalf("Get(%s): %v", id, err)
	}
	return u
}

// wantFailure fails the test unless err is the failure want.
func wantFailure(t *testing.T, what string, err, want error) {
	t.Helper()
	if !errors.Is(err, want) {
		t.Errorf("%s: error %v, want %v", what, err, want)
	}
}

// currentCode is what an authenticator app shows now for the secret.
func currentCode(t *testing.T, secret string) string {
	t.Helper()
	code, err := totp.GenerateCode(secret, time.Now())
	if err != nil {
		t.Fatalf("TOTP code: %v", err)
	}
	return code
}

// wrongCode is a well-formed code that no verifier accepts now: it differs
// from the codes of the current step and of the steps either side.
func wrongCode(t *testing.T, secret string) string {
	t.Helper()
	now := time.Now()
	valid := map[string]bool{}
	for _, step := range []time.Duration{-30 * time.Second, 0, 30 * time.Second} {
		code, err := totp.GenerateCode(secret, now.Add(step))
		if err != nil {
			t.Fatalf("TOTP code: %v", err)
		}
		valid[code] = true
	}
	for step := 10; ; step++ {
		code, _ := totp.GenerateCode(secret, now.Add(time.Duration(step)*time.Hour))
		if !valid[code] {
			return code
		}
	}
}
