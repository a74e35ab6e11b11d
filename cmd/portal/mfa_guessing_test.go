package main

import (
	"context"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/pquerna/otp/totp"
	"golang.org/x/crypto/bcrypt"

	"parcelportal/adapters/captcha"
	"parcelportal/adapters/kratos"
	"parcelportal/adapters/postgres/postgrestest"
	"parcelportal/app/identity"
	"parcelportal/app/identity/identitytest"
	"parcelportal/core/access"
	"parcelportal/core/account"
	"parcelportal/core/failure"
)

// Second-factor guessing against the real Kratos and Postgres, wired as
// the portal wires them: a pending sign-in tries 5 codes, then its session
// is revoked at Kratos and the password must be entered again; parallel
// guesses do not get more tries.
func TestGuessingSecondFactorCodesAgainstKratosAndPostgres(t *testing.T) {
	ctx := context.Background()
	svc, provider := identityAgainstKratos(t)
	codes := &identitytest.CountingSecondFactor{SecondFactor: provider}
	svc.SecondFactor, svc.MFAEnabled = codes, true
	login := activeLogin(t, provider, "guess", "guess-pass")
	setup, err := provider.SignIn(ctx, login, "guess-pass")
	if err != nil {
		t.Fatal(err)
	}
	_, secret, err := provider.Setup(ctx, setup.Token)
	if err != nil {
		t.Fatal(err)
	}
	right := func() int32 { return identitytest.Code(t, secret, time.Now()) }
	if err := provider.Register(ctx, setup.Token, codeText(right())); err != nil {
		t.Fatal(err)
	}
	_ = provider.Revoke(ctx, setup.Token)
	// Codes no authenticator shows within a minute of now.
	var wrong []int32
	shown := map[string]bool{}
	for _, d := range []time.Duration{-time.Minute, -30 * time.Second, 0, 30 * time.Second, time.Minute} {
		code, _ := totp.GenerateCode(secret, time.Now().Add(d))
		shown[code] = true
	}
	for c := int32(100000); len(wrong) < 20; c += 7919 {
		if !shown[codeText(c)] {
			wrong = append(wrong, c)
		}
	}

	signIn := func() string {
		res, err := svc.Authenticate(ctx, identity.SignInInput{Identifier: login, Password: "guess-pass", RemoteAddr: "192.0.2.1"})
		if err != nil || !res.MFARequired {
			t.Fatalf("sign-in = %+v, %v; want the code entry", res, err)
		}
		return res.Token
	}
	token := signIn()
	for _, code := range wrong[:identity.MaxCodeAttempts] {
		if _, err := svc.VerifyMFACode(ctx, token, code); !failure.HasKey(err, account.KeyWrongCode) {
			t.Fatalf("wrong code %06d = %v, want %s", code, err, account.KeyWrongCode)
		}
	}
	if _, err := svc.VerifyMFACode(ctx, token, right()); !failure.HasKey(err, account.KeyCodeAttemptsExhausted) {
		t.Fatalf("the right code after %d wrong ones = %v, want %s", identity.MaxCodeAttempts, err, account.KeyCodeAttemptsExhausted)
	}
	if _, err := provider.Resolve(ctx, token); !failure.HasKey(err, account.KeyBadCredentials) {
		t.Fatalf("the session that guessed too often still resolves at Kratos: %v", err)
	}

	token = signIn()
	before := codes.Checks.Load()
	var wg sync.WaitGroup
	for _, code := range wrong[identity.MaxCodeAttempts:] {
		wg.Go(func() { _, _ = svc.VerifyMFACode(ctx, token, code) })
	}
	wg.Wait()
	if n := codes.Checks.Load() - before; n > identity.MaxCodeAttempts {
		t.Fatalf("%d parallel guesses reached Kratos, the limit is %d", n, identity.MaxCodeAttempts)
	}
}

func codeText(n int32) string {
	b := []byte("000000")
	for i := 5; i >= 0 && n > 0; i-- {
		b[i] = byte('0' + n%10)
		n /= 10
	}
	return string(b)
}

// N parallel wrong sign-ins, by login and by e-mail, against the real
// Kratos and Postgres: no more than the per-identity limit reach the
// password check.
func TestParallelWrongSignInsAgainstKratosAndPostgres(t *testing.T) {
	ctx := context.Background()
	svc, provider := identityAgainstKratos(t)
	passwords := &identitytest.CountingSessions{Sessions: provider}
	svc.Sessions = passwords
	login := activeLogin(t, provider, "spray", "spray-pass")

	var wg sync.WaitGroup
	for i := range 20 {
		wg.Go(func() {
			identifier := login
			if i%2 == 1 {
				identifier = login + "@example.org"
			}
			_, _ = svc.Authenticate(ctx, identity.SignInInput{Identifier: identifier, Password: "wrong", RemoteAddr: "192.0.2.2"})
		})
	}
	wg.Wait()
	if n := passwords.Checks.Load(); n > throttlePerLogin {
		t.Fatalf("%d of 20 parallel wrong sign-ins reached Kratos' password check, the limit is %d", n, throttlePerLogin)
	}
	_, err := svc.Authenticate(ctx, identity.SignInInput{Identifier: login, Password: "spray-pass", RemoteAddr: "192.0.2.3"})
	if !failure.HasKey(err, account.KeyTooManyAttempts) {
		t.Fatalf("the right password during the lock = %v, want %s", err, account.KeyTooManyAttempts)
	}
}

// identityAgainstKratos is the identity use cases as the portal wires them
// (identityOf), over the stack's Kratos and a schema of the test's own, with
// the captcha off and cheap password hashes.
func identityAgainstKratos(t *testing.T) (identity.Service, *kratos.Provider) {
	t.Helper()
	publicURL, adminURL := os.Getenv("KRATOS_PUBLIC_URL"), os.Getenv("KRATOS_ADMIN_URL")
	if publicURL == "" || adminURL == "" {
		t.Fatal("KRATOS_PUBLIC_URL and KRATOS_ADMIN_URL are not set: start the stack (dev/stack.sh up) or use make test")
	}
	provider := kratos.New(kratos.Config{PublicURL: publicURL, AdminURL: adminURL, PortalURL: "http://portal.test", PasswordCost: bcrypt.MinCost})
	return identityOf(config{BaseURL: "http://portal.test"}, postgrestest.NewPool(t), provider, captcha.Off{}), provider
}

// activeLogin creates an ACTIVE user login named prefix and a random
// suffix, deleted when the test ends, and answers its login.
func activeLogin(t *testing.T, provider *kratos.Provider, prefix, password string) string {
	t.Helper()
	login := prefix + randomHex(t)
	user, err := provider.Create(context.Background(), account.User{Login: login, Email: login + "@example.org", LangKey: "en",
		Roles: []access.Role{access.User}, Status: account.Active}, password)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = provider.Delete(context.Background(), user.ID) })
	return login
}
