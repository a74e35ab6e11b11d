// Package kratos speaks to Ory Kratos, where identities, passwords, second
// factors, verification and recovery live. Only the portal server talks to
// Kratos; the browser never does.
package kratos

import (
	"context"
	"fmt"
	"net/http"
)

// Probe checks that Kratos is ready, through its admin API.
type Probe struct {
	AdminURL string
	Client   *http.Client
}

// Check asks Kratos' readiness endpoint, which also checks its database.
func (p Probe) Check(ctx context.Context) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, p.AdminURL+"/admin/health/ready", nil)
	if err != nil {
		return err
	}
	client := p.Client
	if client == nil {
		client = http.DefaultClient
	}
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
