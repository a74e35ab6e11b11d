// Package kratos speaks to Ory Kratos, where identities, passwords, second
// factors, verification and recovery live. Only the portal server talks to
// Kratos; the browser never does.
package kratos

import (
	"context"
	"fmt"
	"net/http"
	"time"
)

// Probe checks that Kratos is ready, through its admin API.
type Probe struct {
	AdminURL string
	// Client defaults to one with a timeout of probeTimeout.
	Client *http.Client
}

// probeTimeout bounds a readiness check: a hanging Kratos is not ready.
const probeTimeout = 3 * time.Second

// Check asks Kratos' readiness endpoint, which also checks its database.
func (p Probe) Check(ctx context.Context) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, p.AdminURL+"/admin/health/ready", nil)
	if err != nil {
		return err
	}
	client := boundedClient(p.Client, probeTimeout)
	rsp, err := client.Do(req)
	if err != nil {
		return err
	}
	defer rsp.Body.Close()
	if rsp.StatusCode != http.StatusOK {
		return fmt.Errorf("kratos not ready: HTTP %d", rsp.StatusCode)
	}
	return nil
}
