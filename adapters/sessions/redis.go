// Package sessions carries changes of logins' sessions between the portal
// processes of one installation through Redis, so that a session cache kept
// per process never trusts a session changed in another process.
package sessions

import (
	"context"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

// Redis keeps one counter for the installation (the epoch) and, per login,
// the epoch of its last change. A change increments the epoch and stamps the
// login with it, in one script. A process reads the epoch before it resolves
// a bearer and keeps it with the answer; the answer is stale once the
// login's stamp is above it, because the change may have come after the
// identity provider answered.
type Redis struct {
	Client *redis.Client
	// Prefix separates installations that share one Redis (the job queue's name).
	Prefix string
}

// New returns the changes of the installation named prefix on the Redis at
// addr. Calls give up after a short while: a process that cannot read them
// asks the identity provider instead of trusting its cache.
func New(addr, prefix string) Redis {
	return Redis{Client: redis.NewClient(&redis.Options{
		Addr: addr, MaxRetries: -1, DialTimeout: time.Second, ReadTimeout: 500 * time.Millisecond, WriteTimeout: 500 * time.Millisecond,
	}), Prefix: prefix}
}

// stampTTL outlives any cached session by far; a login without a stamp was
// last changed before every session cached now was resolved.
const stampTTL = time.Hour

// epochTTL: the epoch lives on while it is read or changed (every bearer
// resolved reads it), so it can only start again from 0 after a day in
// which no process cached a session, and no cached answer carries an epoch
// of before. Installations that are gone (tests) leave nothing behind.
const epochTTL = 24 * time.Hour

var change = redis.NewScript(`
local epoch = redis.call('INCR', KEYS[1])
redis.call('EXPIRE', KEYS[1], ARGV[2])
redis.call('SET', KEYS[2], epoch, 'EX', ARGV[1])
return epoch`)

func (r Redis) epochKey() string { return "portal:sessions:" + r.Prefix + ":epoch" }
func (r Redis) stampKey(identity string) string {
	return "portal:sessions:" + r.Prefix + ":changed:" + identity
}

// Epoch is the installation's change counter now.
func (r Redis) Epoch(ctx context.Context) (uint64, error) {
	n, err := r.Client.GetEx(ctx, r.epochKey(), epochTTL).Uint64()
	if errors.Is(err, redis.Nil) {
		return 0, nil
	}
	return n, err
}

// ChangedAt is the epoch of the login's last change; 0 if none is known.
func (r Redis) ChangedAt(ctx context.Context, identityID string) (uint64, error) {
	n, err := r.Client.Get(ctx, r.stampKey(identityID)).Uint64()
	if errors.Is(err, redis.Nil) {
		return 0, nil
	}
	return n, err
}

// Changed records a change of the login's sessions (signed out, password or
// profile changed, roles changed, deleted) for every process.
func (r Redis) Changed(ctx context.Context, identityID string) error {
	return change.Run(ctx, r.Client, []string{r.epochKey(), r.stampKey(identityID)}, int(stampTTL/time.Second), int(epochTTL/time.Second)).Err()
}
