package identitytest

import (
	"context"
	"sync/atomic"

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
