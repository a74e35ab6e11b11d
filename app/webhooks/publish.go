package webhooks

import (
	"context"
	"encoding/base32"
	"encoding/json"
	"io"
	"strings"

	"parcelportal/core/webhook"
)

// Publish records an event of a customer for its subscribed endpoints and
// hands the deliveries to the worker. A delivery the queue does not take
// now stays pending in the outbox, and the sweep hands it over later.
// Called by the use cases and jobs where a change happens, after it is
// committed; an event id already published publishes nothing again.
func (s Service) Publish(ctx context.Context, e webhook.Event) error {
	return s.publish(ctx, e, 0)
}

func (s Service) publish(ctx context.Context, e webhook.Event, endpointID int64) error {
	if e.At.IsZero() {
		e.At = s.now()
	}
	ids, err := s.Outbox.Record(ctx, e, endpointID)
	if err != nil {
		return err
	}
	for _, id := range ids {
		// Not taken now: the sweep takes it.
		_ = s.Queue.Deliver(ctx, id, e.At)
	}
	return nil
}

// EventID makes a new event id, "evt_" and 26 random base32 characters,
// for events that have no natural one.
func EventID(random io.Reader) (string, error) {
	b := make([]byte, 16)
	if _, err := io.ReadFull(random, b); err != nil {
		return "", err
	}
	return "evt_" + strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b)), nil
}

// data marshals an event's data.
func data(v any) json.RawMessage {
	b, _ := json.Marshal(v)
	return b
}
