// Package progress carries the news that a batch's progress was recorded
// from the worker processes to the portal processes of one installation
// through Redis pub/sub, so that the portal's progress streams read the
// batch again at once instead of every few seconds.
package progress

import (
	"context"
	"log/slog"
	"strconv"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
)

// Redis publishes a batch id on the installation's channel with every
// change (Changed, the worker's side), and fans what one subscription per
// process receives out to the streams that follow those batches (Follow,
// the portal's side). Pub/sub keeps nothing: a process that is not
// subscribed misses the message, which the streams' heartbeat catches up.
type Redis struct {
	client *redis.Client
	prefix string
	log    *slog.Logger

	mu      sync.Mutex
	started bool
	// followers by batch id; each follower once per batch it follows.
	followers map[int64]map[*follower]struct{}
}

// follower is one stream's subscription: the changed batches, buffered.
type follower struct{ ch chan int64 }

// followerBuffer holds the changes of a burst while the stream reads;
// beyond it a change of a batch already waiting is dropped.
const followerBuffer = 64

// New returns the feed of the installation named prefix (the job queue's
// name) on the Redis at addr; log reports publications that failed (nil:
// slog's default).
func New(addr, prefix string, log *slog.Logger) *Redis {
	return NewWithClient(redis.NewClient(&redis.Options{
		Addr: addr, DialTimeout: time.Second, WriteTimeout: 500 * time.Millisecond,
	}), prefix, log)
}

// NewWithClient is New on a client of the caller's.
func NewWithClient(c *redis.Client, prefix string, log *slog.Logger) *Redis {
	if log == nil {
		log = slog.Default()
	}
	return &Redis{client: c, prefix: prefix, log: log, followers: map[int64]map[*follower]struct{}{}}
}

// Channel is the installation's pub/sub channel.
func (r *Redis) Channel() string { return "portal:batches:" + r.prefix + ":progress" }

// Changed publishes that the batch's progress was recorded. A failure is
// logged, not returned: the job goes on, the streams catch up.
func (r *Redis) Changed(ctx context.Context, batchID int64) {
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	if err := r.client.Publish(ctx, r.Channel(), strconv.FormatInt(batchID, 10)).Err(); err != nil {
		r.log.WarnContext(ctx, "batch progress not published", "batch", batchID, "error", err)
	}
}

// Follow delivers the ids of the named batches as they change, until ctx
// ends. The process's one subscription starts with the first follower and
// is confirmed by Redis before Follow returns, so no change published after
// it is missed.
func (r *Redis) Follow(ctx context.Context, ids []int64) (<-chan int64, error) {
	if err := r.start(ctx); err != nil {
		return nil, err
	}
	f := &follower{ch: make(chan int64, followerBuffer)}
	r.mu.Lock()
	for _, id := range ids {
		set := r.followers[id]
		if set == nil {
			set = map[*follower]struct{}{}
			r.followers[id] = set
		}
		set[f] = struct{}{}
	}
	r.mu.Unlock()
	out := make(chan int64)
	go func() {
		defer close(out)
		defer r.drop(f, ids)
		for {
			select {
			case <-ctx.Done():
				return
			case id := <-f.ch:
				select {
				case out <- id:
				case <-ctx.Done():
					return
				}
			}
		}
	}()
	return out, nil
}

func (r *Redis) drop(f *follower, ids []int64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, id := range ids {
		delete(r.followers[id], f)
		if len(r.followers[id]) == 0 {
			delete(r.followers, id)
		}
	}
}

// start subscribes the process once. go-redis subscribes again after a
// lost connection by itself.
func (r *Redis) start(ctx context.Context) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.started {
		return nil
	}
	sub := r.client.Subscribe(context.WithoutCancel(ctx), r.Channel())
	confirm, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	if _, err := sub.Receive(confirm); err != nil {
		_ = sub.Close()
		return err
	}
	r.started = true
	go r.fanOut(sub.Channel(redis.WithChannelSize(1024)))
	return nil
}

// fanOut hands each change to the followers of its batch without waiting
// for any: a follower whose buffer is full already has changes to read.
func (r *Redis) fanOut(messages <-chan *redis.Message) {
	for m := range messages {
		id, err := strconv.ParseInt(m.Payload, 10, 64)
		if err != nil {
			continue
		}
		r.mu.Lock()
		for f := range r.followers[id] {
			select {
			case f.ch <- id:
			default:
			}
		}
		r.mu.Unlock()
	}
}
