package simulator

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"time"

	"parcelportal/adapters/carrier/labels"
)

// notice is the body of the tracking simulator's POST /parcels.
type notice struct {
	Customer string       `json:"customer"`
	Label    labels.Label `json:"label"`
}

// PostTo is an Observer that tells the tracking simulator at base (such as
// http://127.0.0.1:8092) of each label through its POST /parcels, for a
// carrier simulator in a process of its own (cmd/carriersim -tracking-url).
// A notice that fails is logged and dropped: tracking is not the label's
// business.
type PostTo string

// Labelled posts the notice, waiting at most 5 seconds.
func (base PostTo) Labelled(customer string, l labels.Label) {
	body, err := json.Marshal(notice{Customer: customer, Label: l})
	if err != nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, string(base)+"/parcels", bytes.NewReader(body))
	if err != nil {
		return
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		slog.Warn("carriersim: tracking notice", "identifier", l.Identifier, "error", err)
		return
	}
	_ = res.Body.Close()
	if res.StatusCode != http.StatusNoContent {
		slog.Warn("carriersim: tracking notice", "identifier", l.Identifier, "status", res.StatusCode)
	}
}
