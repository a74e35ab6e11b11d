package batches

import (
	"context"
	"time"

	"parcelportal/core/access"
	"parcelportal/core/batch"
	"parcelportal/core/failure"
)

// ProgressFeed tells which batches changed as the worker recorded their
// progress, in whatever process it runs (adapters/progress).
//
// Contract: Follow delivers, on the channel it answers, the id of each
// named batch whose progress was recorded after Follow returned, until ctx
// ends; then the channel is closed. A batch that changed several times may
// be named once, and a feed that lost its connection for a while may miss
// changes (Watch reads its batches again with every heartbeat). A feed that
// breaks for good closes the channel before ctx ends.
type ProgressFeed interface {
	Follow(ctx context.Context, ids []int64) (<-chan int64, error)
}

// WatchOptions tune Watch; zero values take the defaults.
type WatchOptions struct {
	// Heartbeat is how often an empty message tells the client the stream
	// holds, and the batches in progress are read again in case a change
	// was missed (default 10 s).
	Heartbeat time.Duration
	// Gap is the least time between two reads of the batches, so a send of
	// thousands of shipments costs a few reads a second (default 100 ms).
	Gap time.Duration
}

// DefaultHeartbeat is the heartbeat of a progress stream unless configured.
const DefaultHeartbeat = 10 * time.Second

func (o WatchOptions) withDefaults() WatchOptions {
	if o.Heartbeat <= 0 {
		o.Heartbeat = DefaultHeartbeat
	}
	if o.Gap <= 0 {
		o.Gap = 100 * time.Millisecond
	}
	return o
}

// ErrFeedBroken ends a watch whose feed broke; the client reads again or
// reconnects.
var ErrFeedBroken = failure.New(failure.Unavailable, "error.http.503")

// Watch sends the named batches as they are now, then those that changed as
// the worker records their progress, and an empty message with every
// heartbeat, until none of them is in progress any more (their settled
// state sent) or ctx ends. A batch the caller may not read ends it before
// anything is sent, as Get refuses it.
func (s Service) Watch(ctx context.Context, caller *access.Caller, ids []int64, opt WatchOptions, send func([]View) error) error {
	opt = opt.withDefaults()
	for _, id := range ids {
		if _, err := s.visible(ctx, caller, id); err != nil {
			return err
		}
	}
	if s.Progress == nil {
		return ErrFeedBroken
	}
	// Follow before reading, so no change between the read and the
	// subscription is lost.
	followCtx, stop := context.WithCancel(ctx)
	defer stop()
	changes, err := s.Progress.Follow(followCtx, ids)
	if err != nil {
		return err
	}
	working := map[int64]bool{}
	views, err := s.readViews(ctx, caller, ids, working)
	if err != nil {
		return err
	}
	if err := send(views); err != nil {
		return err
	}
	heartbeat := time.NewTicker(opt.Heartbeat)
	defer heartbeat.Stop()
	dirty := map[int64]bool{}
	for len(working) > 0 {
		if len(dirty) == 0 {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case id, ok := <-changes:
				if !ok {
					return brokenOr(ctx)
				}
				dirty[id] = true
			case <-heartbeat.C:
				if err := send(nil); err != nil {
					return err
				}
				for id := range working {
					dirty[id] = true
				}
			}
		}
		var changed []int64
		for _, id := range ids {
			if dirty[id] && working[id] {
				changed = append(changed, id)
			}
		}
		clear(dirty)
		views, err := s.readViews(ctx, caller, changed, working)
		if err != nil {
			return err
		}
		if len(views) > 0 {
			if err := send(views); err != nil {
				return err
			}
		}
		if len(working) == 0 {
			break
		}
		// Changes come in bursts (one a shipment): gather them for a moment
		// before the next read.
		if err := gather(ctx, changes, opt.Gap, dirty); err != nil {
			return err
		}
	}
	return nil
}

// gather notes the batches named on changes for the gap.
func gather(ctx context.Context, changes <-chan int64, gap time.Duration, dirty map[int64]bool) error {
	t := time.NewTimer(gap)
	defer t.Stop()
	for {
		select {
		case id, ok := <-changes:
			if !ok {
				return brokenOr(ctx)
			}
			dirty[id] = true
		case <-t.C:
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// brokenOr is why a feed closed: the watch ended, or the feed broke.
func brokenOr(ctx context.Context) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	return ErrFeedBroken
}

// readViews reads the batches as the caller sees them and notes which are in
// progress.
func (s Service) readViews(ctx context.Context, caller *access.Caller, ids []int64, working map[int64]bool) ([]View, error) {
	views := make([]View, 0, len(ids))
	for _, id := range ids {
		b, err := s.visible(ctx, caller, id)
		if failure.HasKey(err, batch.KeyNotFound) {
			// Deleted while watched: nothing more to tell of it.
			delete(working, id)
			continue
		}
		if err != nil {
			return nil, err
		}
		if b.Status.InProgress() {
			working[id] = true
		} else {
			delete(working, id)
		}
		views = append(views, viewOf(caller, b))
	}
	return views, nil
}
