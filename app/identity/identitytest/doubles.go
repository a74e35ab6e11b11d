package identitytest

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pquerna/otp/totp"

	"parcelportal/app/identity"
)

// CountingSessions counts the password checks that reach the identity
// provider, so a test sees how many a throttle let through.
type CountingSessions struct {
	identity.Sessions
	Checks atomic.Int32
}

// SignIn counts the check and passes it on.
func (c *CountingSessions) SignIn(ctx context.Context, identifier, password string) (identity.Session, error) {
	c.Checks.Add(1)
	return c.Sessions.SignIn(ctx, identifier, password)
}

// CountingSecondFactor counts the codes that reach the identity provider.
type CountingSecondFactor struct {
	identity.SecondFactor
	Checks atomic.Int32
}

// Verify counts the code and passes it on.
func (c *CountingSecondFactor) Verify(ctx context.Context, token, code string) (identity.Session, error) {
	c.Checks.Add(1)
	return c.SecondFactor.Verify(ctx, token, code)
}

// Code is the authenticator's code for secret at a time, as the number the
// sign-in takes.
func Code(t testing.TB, secret string, at time.Time) int32 {
	t.Helper()
	code, err := totp.GenerateCode(secret, at)
	if err != nil {
		t.Fatal(err)
	}
	var n int32
	for _, d := range code {
		n = n*10 + d - '0'
	}
	return n
}
