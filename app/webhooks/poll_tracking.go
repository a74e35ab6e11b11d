package webhooks

import (
	"context"
	"time"

	"parcelportal/app/trackingsearch"
	"parcelportal/core/customer"
	"parcelportal/core/failure"
	"parcelportal/core/tracking"
	"parcelportal/core/webhook"
)

// TrackingWatch keeps the labels whose tracking the poll follows.
type TrackingWatch interface {
	// Claim takes up to limit labels to ask about now, of customers with
	// an enabled endpoint subscribed to tracking.event only: it first
	// follows their labels made since now-window not followed yet (a
	// bounded number each run) and forgets labels older than that, then
	// takes labels not done and not asked about since now-every, never
	// asked first, then the longest unasked, and marks them asked at now.
	// A label that a claim finds cancelled or replaced is done and not
	// taken. Two workers claiming at once take different labels.
	Claim(ctx context.Context, now time.Time, window, every time.Duration, limit int) ([]webhook.TrackedLabel, error)
	// Saw records the events of a look at a label (an event id already
	// recorded records nothing again), each with a due delivery to the
	// label's customer's enabled endpoints subscribed to tracking.event
	// that existed when the label was made or at the event's time, stores
	// the keys seen and whether
	// the label is done, in one transaction, and returns the deliveries.
	Saw(ctx context.Context, l webhook.TrackedLabel, f webhook.Followed, now time.Time) ([]int64, error)
}

// TrackingCustomers reads a customer with its tracking credentials opened.
type TrackingCustomers interface {
	Get(ctx context.Context, id int64) (customer.Customer, error)
}

// TrackingPoll learns the tracking events of the labels of customers that
// subscribe to tracking.event and records them as webhook events: the
// worker ticks it (Tick) every minute or so. Each tick asks the tracking
// API, with each customer's own tracking account, about a bounded number
// of labels, oldest asked first, each at most every Every.
type TrackingPoll struct {
	Watch     TrackingWatch
	Customers TrackingCustomers
	Tracking  tracking.Service
	Queue     Queue
	// Window is how far back labels are followed (webhook.TrackingWindow).
	Window time.Duration
	// Every is how long a label waits between two looks
	// (webhook.TrackingEvery).
	Every time.Duration
	// PerRun bounds the labels one tick asks about (webhook.TrackingPerRun).
	PerRun int
	// CallTimeout bounds one call to the tracking API (10 s).
	CallTimeout time.Duration
	Now         func() time.Time
}

// Tick asks about the labels due and records their new events. A customer
// without tracking (no account) is skipped; a label the tracking API does
// not know yet is asked about again later. The tracking API unavailable
// ends the tick with its error: the labels it did not ask about wait for
// their next turn.
func (p TrackingPoll) Tick(ctx context.Context) error {
	now := time.Now()
	if p.Now != nil {
		now = p.Now()
	}
	window, every, perRun, timeout := p.Window, p.Every, p.PerRun, p.CallTimeout
	if window <= 0 {
		window = webhook.TrackingWindow
	}
	if every <= 0 {
		every = webhook.TrackingEvery
	}
	if perRun <= 0 {
		perRun = webhook.TrackingPerRun
	}
	if timeout <= 0 {
		timeout = 10 * time.Second
	}
	labels, err := p.Watch.Claim(ctx, now, window, every, perRun)
	if err != nil {
		return err
	}
	accounts := map[int64]*tracking.Account{}
	for _, l := range labels {
		a, known := accounts[l.CustomerID]
		if !known {
			c, err := p.Customers.Get(ctx, l.CustomerID)
			if err != nil {
				return err
			}
			if acc, ok := trackingsearch.AccountOf(c); ok {
				a = &acc
			}
			accounts[l.CustomerID] = a
		}
		if a == nil {
			continue
		}
		call, cancel := context.WithTimeout(ctx, timeout)
		events, err := p.Tracking.Events(call, *a, l.Identifier)
		cancel()
		switch {
		case failure.HasKey(err, tracking.KeyNotFound):
			continue
		case failure.HasKey(err, tracking.KeyRefused):
			// The customer's account is refused: none of its labels is
			// asked about in this tick.
			accounts[l.CustomerID] = nil
			continue
		case err != nil:
			return err
		}
		ids, err := p.Watch.Saw(ctx, l, l.Follow(events), now)
		if err != nil {
			return err
		}
		for _, id := range ids {
			// Not taken now: the sweep takes it.
			_ = p.Queue.Deliver(ctx, id, time.Time{})
		}
	}
	return nil
}
