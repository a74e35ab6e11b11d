// Package jobs runs the portal's background work on Redis through asynq.
package jobs

import (
	"context"

	"github.com/redis/go-redis/v9"
)

// Probe checks that Redis, the job queue's store, answers.
type Probe struct{ Client *redis.Client }

// NewProbe returns a probe for the Redis server at addr.
func NewProbe(addr string) Probe {
	return Probe{Client: redis.NewClient(&redis.Options{Addr: addr, MaxRetries: -1})}
}

// Check pings Redis.
func (p Probe) Check(ctx context.Context) error { return p.Client.Ping(ctx).Err() }
